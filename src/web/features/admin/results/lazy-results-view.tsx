// The results' figures load as a chunk of their own (the charts' library is most of it), the first
// time a results screen shows them: the panel's first load carries only the screens' frame
// (docs/decisions/0140). While it loads, a line says so; if it fails (a dropped connection), a
// button tries again.
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { adminTexts } from '../admin-texts.ts';
import type { ResultsViewProps } from './results-view.tsx';

type ResultsViewModule = typeof import('./results-view.tsx');

let loading: Promise<ResultsViewModule> | undefined;
let loaded: ResultsViewModule | undefined;

function loadResultsView(): Promise<ResultsViewModule> {
  loading ??= import('./results-view.tsx').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined; // the next attempt asks again
      throw error;
    },
  );
  return loading;
}

export function LazyResultsView(props: ResultsViewProps) {
  const [view, setView] = useState(loaded);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (view) return;
    let current = true;
    loadResultsView().then(
      (module) => {
        if (current) setView(module);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [view, attempt]);
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);

  if (view) return <view.ResultsView {...props} />;
  return failed ? (
    <div className="flex flex-col items-center gap-4 py-12 text-center">
      <p role="alert">{adminTexts.results.chartsFailed}</p>
      <Button variant="outline" onClick={retry}>
        {adminTexts.results.retry}
      </Button>
    </div>
  ) : (
    <p role="status" className="text-muted-foreground py-12 text-center">
      {adminTexts.results.chartsLoading}
    </p>
  );
}
