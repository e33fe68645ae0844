// A list kept live: TanStack Query holds it (loaded from the API), and one live stream writes each
// change into the cache (docs/decisions/0023). The list is loaded when the stream starts (a list
// read before would miss what changed in between), or after a few seconds without a stream; a
// change that arrives while a load is in flight is applied to what the load returns too (the list
// may have been read before it). The admin's registrations and the door's attendees are two.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isUnauthorized } from './api-client.ts';
import { sessionAlive } from './live-query-client.ts';
import { useLiveStream } from './use-live-stream.ts';

export type ListState = 'loading' | 'ready' | 'error';

/** If the stream has not opened by then, load the list anyway (the stream's start reloads it). */
const loadWithoutStreamAfterMs = 3000;

export interface LiveListOptions<T, C> {
  queryKey: readonly unknown[];
  streamUrl: string;
  load(signal: AbortSignal): Promise<T[]>;
  parseChange(data: string): C | null;
  applyChange(list: readonly T[], change: C): T[];
  /** A loaded list, before it replaces `previous` (what was cached; empty at first). */
  onLoaded?(list: T[], previous: readonly T[]): T[];
  /** A change from the stream, before it is applied. */
  onStreamChange?(change: C): void;
  /** The current edition the stream tells of (unchecked JSON, lib/use-live-stream.ts). */
  onEdition?(edition: unknown): void;
  /** A load failed for another reason than the session (the query client reports a 401). */
  onLoadError(error: unknown): void;
  /** The cache already holds a list (kept on the phone): no load before the stream asks. */
  seeded?: boolean;
  /** false: no stream (yet). */
  enabled?: boolean;
}

export function useLiveList<T, C>(options: LiveListOptions<T, C>) {
  const { streamUrl, seeded = false, enabled = true } = options;
  // One list per hook, for its lifetime.
  const [queryKey] = useState(options.queryKey);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });
  const queryClient = useQueryClient();
  const [listWanted, setListWanted] = useState(seeded);
  const listWantedRef = useRef(listWanted);
  // Changes applied since the current load began; null while no load is under way.
  const duringLoad = useRef<C[] | null>(null);

  const query = useQuery({
    queryKey,
    enabled: listWanted,
    queryFn: async ({ signal }) => {
      const missed = (duringLoad.current ??= []);
      const { load, applyChange, onLoaded, onLoadError } = optionsRef.current;
      try {
        const list = missed.reduce(applyChange, await load(signal));
        const previous = queryClient.getQueryData<T[]>(queryKey) ?? [];
        return onLoaded ? onLoaded(list, previous) : list;
      } catch (error) {
        if ((error as Error).name !== 'AbortError' && !isUnauthorized(error)) onLoadError(error);
        throw error;
      } finally {
        if (duringLoad.current === missed) duringLoad.current = null;
      }
    },
  });

  /** Applies a change: from the stream, or our own action's answer (its echo then changes nothing). */
  const apply = useCallback(
    (change: C) => {
      duringLoad.current?.push(change);
      queryClient.setQueryData<T[]>(queryKey, (list) =>
        list ? optionsRef.current.applyChange(list, change) : list,
      );
    },
    [queryClient, queryKey],
  );

  /** Loads the list (again); changes from now on are kept for the new list. */
  const reload = useCallback(() => {
    duringLoad.current ??= [];
    if (!listWantedRef.current) {
      listWantedRef.current = true;
      setListWanted(true);
      return;
    }
    void queryClient.invalidateQueries({ queryKey });
  }, [queryClient, queryKey]);

  const { connection, stop } = useLiveStream(
    streamUrl,
    {
      onResync: reload,
      onChange(data) {
        const change = optionsRef.current.parseChange(data);
        if (!change) return;
        optionsRef.current.onStreamChange?.(change);
        apply(change);
      },
      onEdition: (edition) => optionsRef.current.onEdition?.(edition),
      sessionAlive: () => sessionAlive(queryClient),
    },
    enabled,
  );

  useEffect(() => {
    const fallbackTimer = setTimeout(() => {
      if (!listWantedRef.current) reload();
    }, loadWithoutStreamAfterMs);
    return () => clearTimeout(fallbackTimer);
  }, [reload]);

  const { data, isError, isFetching } = query;
  const listState: ListState = data ? 'ready' : isError && !isFetching ? 'error' : 'loading';
  return { listState, list: data, connection, apply, reload, stop };
}
