// The charts' code, loaded the first time a results screen asks for it (a chunk of its own:
// docs/decisions/0140), and kept. A failed load (a dropped connection) can be tried again.
import { useCallback, useEffect, useState } from 'react';

export type Charts = typeof import('./results-charts.tsx');

let loading: Promise<Charts> | undefined;
let loaded: Charts | undefined;

function loadCharts(): Promise<Charts> {
  loading ??= import('./results-charts.tsx').then(
    (charts) => (loaded = charts),
    (error: unknown) => {
      loading = undefined; // the next attempt asks again
      throw error;
    },
  );
  return loading;
}

export function useCharts(): { charts?: Charts; failed: boolean; retry(): void } {
  const [charts, setCharts] = useState(loaded);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (charts) return;
    let current = true;
    loadCharts().then(
      (module) => {
        if (current) setCharts(() => module);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [charts, attempt]);
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);
  return { charts, failed, retry };
}
