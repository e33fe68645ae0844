// Whether the door has a signal: the browser's own idea (online/offline events), corrected by what
// the door's requests found (no answer) and by the live stream (live again: the signal is back).
import { useEffect, useState } from 'react';
import type { Connection } from '@/lib/use-live-stream.ts';

function useNavigatorOnline() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    addEventListener('online', update);
    addEventListener('offline', update);
    return () => {
      removeEventListener('online', update);
      removeEventListener('offline', update);
    };
  }, []);
  return online;
}

export function useNetworkState(connection: Connection) {
  const navigatorOnline = useNavigatorOnline();
  // A request that got no answer: the signal is gone even if the phone believes otherwise.
  const [unreachable, setUnreachable] = useState(false);
  const offline = !navigatorOnline || (unreachable && connection !== 'live');
  return { offline, setUnreachable };
}
