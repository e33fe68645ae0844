// The registration list, kept live (lib/use-live-list.ts): newest first, new cards animate in. Its
// stream tells of the current edition too: `onEdition` takes it.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api } from '@shared/paths.ts';
import { toast } from '@/components/ui/toaster.tsx';
import { useLiveList } from '@/lib/use-live-list.ts';
import { listRegistrations } from './admin-api.ts';
import { adminTexts } from './admin-texts.ts';
import { auditKey } from './audit-trail.tsx';
import { CardEntrances } from './card-entrance.ts';
import { applyChange, parseChange, sortNewestFirst } from './registrations-list.ts';

export const registrationsKey = ['admin', 'registrations'] as const;

/** The id of the edition a stream tells of (unchecked JSON); undefined when there is none. */
function editionIdOf(edition: unknown): string | undefined {
  return typeof edition === 'object' &&
    edition !== null &&
    'id' in edition &&
    typeof edition.id === 'string'
    ? edition.id
    : undefined;
}

export function useLiveRegistrations(onEdition: (edition: unknown) => void) {
  const [entrances] = useState(() => new CardEntrances());
  const queryClient = useQueryClient();
  // The edition the list is of: the last one the stream told of.
  const listEdition = useRef<string | undefined>(undefined);
  const reloadList = useRef(() => {});
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
    onEdition(edition) {
      // Another edition became current while the stream was away (a laptop asleep, the network
      // down): the stream resumes with `ready`, not `reset`, since no registration's change says
      // so; the list still holds the previous edition's people. (Open, it hears `reset` too.)
      const id = editionIdOf(edition);
      if (id !== undefined) {
        if (listEdition.current !== undefined && listEdition.current !== id) reloadList.current();
        listEdition.current = id;
      }
      onEdition(edition);
    },
  });
  useEffect(() => {
    reloadList.current = reload;
  }, [reload]);
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
