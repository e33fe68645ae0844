// The registration list as TanStack Query's server state: one query, loaded from the API, kept
// current by the live stream writing each change into the cache. A change that arrives while the
// list is loading is applied to the loaded list too (the list may have been read before it).
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { RegistrationChange } from '@shared/live-change.schema.ts';
import type { Registration } from '@shared/registration.schema.ts';
import { listRegistrations } from './admin-api.ts';
import type { CardEntrances } from './card-entrance.ts';
import { applyChange, sortNewestFirst } from './registrations-list.ts';

export const registrationsKey = ['admin', 'registrations'] as const;

export function useRegistrationsQuery({
  enabled,
  entrances,
  onError,
}: {
  enabled: boolean;
  entrances: CardEntrances;
  /** A load failed (after the query has recorded it). */
  onError(error: unknown): void;
}) {
  const queryClient = useQueryClient();
  // Changes applied since the current load began; null while no load is under way.
  const duringLoad = useRef<RegistrationChange[] | null>(null);

  const query = useQuery({
    queryKey: registrationsKey,
    enabled,
    queryFn: async ({ signal }) => {
      const missed = (duringLoad.current ??= []);
      try {
        const registrations = missed.reduce(
          applyChange,
          sortNewestFirst(await listRegistrations(signal)),
        );
        const known = new Set(cached(queryClient).map((r) => r.id));
        entrances.arrived(registrations.filter((r) => !known.has(r.id)).map((r) => r.id));
        return registrations;
      } catch (error) {
        if ((error as Error).name !== 'AbortError') onError(error);
        throw error;
      } finally {
        if (duringLoad.current === missed) duringLoad.current = null;
      }
    },
  });

  /** Applies a change: from the stream, or our own action's answer (its echo then changes nothing). */
  const apply = useCallback(
    (change: RegistrationChange) => {
      duringLoad.current?.push(change);
      queryClient.setQueryData<Registration[]>(registrationsKey, (list) =>
        list ? applyChange(list, change) : list,
      );
    },
    [queryClient],
  );

  /** Loads the list again (changes from now on are kept for the new list). */
  const reload = useCallback(() => {
    duringLoad.current ??= [];
    void queryClient.invalidateQueries({ queryKey: registrationsKey });
  }, [queryClient]);

  /** Marks the start of a first load that `enabled` is about to begin. */
  const beginLoad = useCallback(() => {
    duringLoad.current ??= [];
  }, []);

  return { query, apply, reload, beginLoad };
}

function cached(queryClient: QueryClient): Registration[] {
  return queryClient.getQueryData<Registration[]>(registrationsKey) ?? [];
}
