// The registration list, kept live: the list comes from TanStack Query; one EventSource on the
// live stream writes each change into it. Every message carries the change's sequence number, so
// a stream that comes back (the browser's Last-Event-ID, or ?lastEventId= on a new EventSource)
// gets what it missed; only a `reset` (the gap is too old) or a fresh start reloads the list.
import { useEffect, useRef, useState } from 'react';
import { api } from '@shared/paths.ts';
import { toast } from '@/components/ui/toaster.tsx';
import { fetchSession, isUnauthorized } from './admin-api.ts';
import { adminTexts } from './admin-texts.ts';
import { CardEntrances } from './card-entrance.ts';
import { useRegistrationsQuery } from './registrations-query.ts';
import { parseChange } from './registrations-list.ts';

export type ListState = 'loading' | 'ready' | 'error';
/** 'reconnecting' only after the stream had been open: the first connection is 'connecting'. */
export type Connection = 'connecting' | 'live' | 'reconnecting';

/** Backoff before re-creating a stream that ended CLOSED: 1 s, 2 s, 4 s, then 5 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 5000);
}

/** If the stream has not opened by then, load the list anyway (the stream's start reloads it). */
const loadWithoutStreamAfterMs = 3000;

export function useLiveRegistrations(onUnauthorized: () => void) {
  const [connection, setConnection] = useState<Connection>('connecting');
  const [listWanted, setListWanted] = useState(false);
  const [entrances] = useState(() => new CardEntrances());
  const onUnauthorizedRef = useRef(onUnauthorized);
  const stopRef = useRef<() => void>(() => {});

  useEffect(() => {
    onUnauthorizedRef.current = onUnauthorized;
  }, [onUnauthorized]);

  const { query, apply, reload, beginLoad } = useRegistrationsQuery({
    enabled: listWanted,
    entrances,
    onError(error) {
      if (isUnauthorized(error)) {
        stopRef.current();
        onUnauthorizedRef.current();
      } else {
        toast.error(adminTexts.list.loadFailed, { id: 'admin-load-failed' });
      }
    },
  });
  const listWantedRef = useRef(listWanted);
  useEffect(() => {
    listWantedRef.current = listWanted;
  }, [listWanted]);

  useEffect(() => {
    let disposed = false;
    let source: EventSource | null = null;
    let attempt = 0;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    /** The last sequence number seen: where a new stream resumes. */
    let lastSeq: string | undefined;

    /** The list is not known to match the stream: load it (again). */
    function loadList() {
      if (listWantedRef.current) return reload();
      listWantedRef.current = true;
      beginLoad();
      setListWanted(true);
    }

    function unauthorized() {
      if (disposed) return;
      stop();
      onUnauthorizedRef.current();
    }

    function connect() {
      if (disposed) return;
      const resuming = lastSeq !== undefined;
      const url = resuming
        ? `${api.adminLiveStream}?lastEventId=${encodeURIComponent(lastSeq!)}`
        : api.adminLiveStream;
      const stream = new EventSource(url);
      source = stream;
      // Until its first `ready`, a stream opened without a sequence has nothing to continue.
      let continuing = resuming;
      stream.addEventListener('ready', (message: MessageEvent<string>) => {
        lastSeq = message.lastEventId;
        attempt = 0;
        setConnection('live');
        if (!continuing) loadList();
        continuing = true;
      });
      stream.addEventListener('reset', (message: MessageEvent<string>) => {
        lastSeq = message.lastEventId;
        attempt = 0;
        continuing = true;
        setConnection('live');
        loadList();
      });
      stream.addEventListener('change', (message: MessageEvent<string>) => {
        lastSeq = message.lastEventId;
        const change = parseChange(message.data);
        if (!change) return;
        if (change.type === 'created') entrances.arrived([change.registration.id]);
        apply(change);
      });
      stream.onerror = () => {
        setConnection((previous) => (previous === 'connecting' ? previous : 'reconnecting'));
        // CONNECTING: the browser retries by itself (network error, server restarting), sending
        // Last-Event-ID. CLOSED: an HTTP error (401, 503 while the server shuts down): we decide.
        if (stream.readyState === EventSource.CLOSED) {
          stream.close();
          void reconnectOrLogOut();
        }
      };
    }

    async function reconnectOrLogOut() {
      // EventSource hides the status code: ask the server whether the session is still valid.
      try {
        if ((await fetchSession()) === null) return unauthorized();
      } catch {
        // Server unreachable: keep trying.
      }
      if (disposed) return;
      const delay = reconnectDelay(attempt);
      attempt += 1;
      reconnectTimer = setTimeout(connect, delay);
    }

    function stop() {
      disposed = true;
      clearTimeout(reconnectTimer);
      clearTimeout(fallbackTimer);
      source?.close();
      source = null;
    }
    stopRef.current = stop;

    const fallbackTimer = setTimeout(() => {
      if (!listWantedRef.current) loadList();
    }, loadWithoutStreamAfterMs);
    connect();
    return stop;
  }, [entrances, apply, reload, beginLoad]);

  const { data, isError, isFetching } = query;
  const listState: ListState = data ? 'ready' : isError && !isFetching ? 'error' : 'loading';
  return {
    listState,
    registrations: data ?? noRegistrations,
    connection,
    entrances,
    apply,
    reload,
  };
}

const noRegistrations: never[] = [];
