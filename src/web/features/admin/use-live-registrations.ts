// The registration list, kept live (lib/use-live-list.ts): newest first, new cards animate in. Its
// stream tells of the current edition too: `onEdition` takes it.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@shared/paths.ts';
import { toast } from '@/components/ui/toaster.tsx';
import { useLiveList } from '@/lib/use-live-list.ts';
import { listRegistrations } from './admin-api.ts';
import { adminTexts } from './admin-texts.ts';
import { auditKey } from './audit-trail.tsx';
import { CardEntrances } from './card-entrance.ts';
import { applyChange, parseChange, sortNewestFirst } from './registrations-list.ts';

export const registrationsKey = ['admin', 'registrations'] as const;

export function useLiveRegistrations(onEdition: (edition: unknown) => void) {
  const [entrances] = useState(() => new CardEntrances());
  const queryClient = useQueryClient();
  const { listState, list, connection, apply, reload } = useLiveList({
    queryKey: registrationsKey,
    streamUrl: api.adminLiveStream,
    load: async (signal) => sortNewestFirst(await listRegistrations(signal)),
    parseChange,
    applyChange,
    onLoaded(registrations, previous) {
      const known = new Set(previous.map((r) => r.id));
      entrances.arrived(registrations.filter((r) => !known.has(r.id)).map((r) => r.id));
      return registrations;
    },
    onStreamChange(change) {
      if (change.type === 'created') entrances.arrived([change.registration.id]);
      // Every change to a registration is a line in its history: an open one follows.
      const id = change.type === 'deleted' ? change.id : change.registration.id;
      void queryClient.invalidateQueries({ queryKey: auditKey(id) });
    },
    onLoadError: () => toast.error(adminTexts.list.loadFailed, { id: 'admin-load-failed' }),
    // A stream back after another edition became current reloads the list (lib/use-live-stream).
    onEdition,
  });
  return {
    listState,
    registrations: list ?? noRegistrations,
    connection,
    entrances,
    apply,
    reload,
  };
}

export type LiveRegistrations = ReturnType<typeof useLiveRegistrations>;

const noRegistrations: never[] = [];
