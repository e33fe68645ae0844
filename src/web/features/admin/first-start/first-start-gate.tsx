// Before the panel, the first start's event screen while it is owed (decision 0227): right after
// the setup link made the first admin, and again after a reload or a new login until it is saved or
// skipped. An admin it is not owed to sees the panel once the server has said so.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useVersionedEventSettings } from '../use-event-settings.ts';
import { fetchFirstStart, firstStartKey } from './first-start-api.ts';
import { FirstStartScreen } from './first-start-screen.tsx';

export function FirstStartGate({ children }: { children: ReactNode }) {
  const firstStart = useQuery({
    queryKey: firstStartKey,
    queryFn: ({ signal }) => fetchFirstStart(signal),
  });
  const settings = useVersionedEventSettings();
  if (firstStart.data?.pending) {
    if (settings.data) return <FirstStartScreen current={settings.data} />;
    // Settings that fail to load: the panel, whose 'Evento' says so and tries again.
    if (settings.isPending) return null;
  }
  // Asked once per page: nothing of the panel shows before the answer, not to flash away. A failed
  // question leaves the panel, where 'Evento' does the same job.
  if (firstStart.isPending) return null;
  return children;
}
