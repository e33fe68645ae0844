// The registration list, kept live: one EventSource on /api/admin/events applies each change in
// place; every (re)open reloads the full list once to catch what was missed while disconnected.
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@shared/paths.ts';
import type { Registration } from '@shared/registration.schema.ts';
import { toast } from '@/components/ui/toaster.tsx';
import { fetchSession, isUnauthorized, listRegistrations } from './admin-api.ts';
import { adminTexts } from './admin-texts.ts';
import { CardEntrances } from './card-entrance.ts';
import {
  applyChange,
  parseChange,
  sortNewestFirst,
  type RegistrationChange,
} from './registrations-list.ts';

export type ListStatus = 'loading' | 'ready' | 'error';
/** 'reconnecting' only after the stream had been open: the first connection is 'connecting'. */
export type Connection = 'connecting' | 'live' | 'reconnecting';

interface ListState {
  status: ListStatus;
  registrations: Registration[];
}

/** Backoff before re-creating a stream that ended CLOSED: 1 s, 2 s, 4 s, then 5 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 5000);
}

/** If the stream has not opened by then, load the list anyway (the next open reloads it). */
const loadWithoutStreamAfterMs = 3000;

export function useLiveRegistrations(onUnauthorized: () => void) {
  const [state, setState] = useState<ListState>({ status: 'loading', registrations: [] });
  const [connection, setConnection] = useState<Connection>('connecting');
  const onUnauthorizedRef = useRef(onUnauthorized);
  const reloadRef = useRef<() => void>(() => {});
  // Changes seen while a load is in flight: replayed onto the snapshot it returns.
  const sinceLoadRef = useRef<RegistrationChange[] | null>(null);
  const [entrances] = useState(() => new CardEntrances());
  const latest = useRef<Registration[]>([]);

  useEffect(() => {
    latest.current = state.registrations;
  }, [state.registrations]);

  useEffect(() => {
    onUnauthorizedRef.current = onUnauthorized;
  }, [onUnauthorized]);

  /** Applies a change: from the stream, or our own action's answer (its echo then changes nothing). */
  const apply = useCallback((change: RegistrationChange) => {
    sinceLoadRef.current?.push(change);
    setState((previous) => {
      const registrations = applyChange(previous.registrations, change);
      return registrations === previous.registrations ? previous : { ...previous, registrations };
    });
  }, []);

  useEffect(() => {
    let disposed = false;
    let source: EventSource | null = null;
    let attempt = 0;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    let loadController: AbortController | null = null;
    const sinceLoad = sinceLoadRef;
    let everLoaded = false;

    function unauthorized() {
      if (disposed) return;
      disposed = true;
      stop();
      onUnauthorizedRef.current();
    }

    function load() {
      loadController?.abort();
      const controller = new AbortController();
      loadController = controller;
      sinceLoad.current = [];
      listRegistrations(controller.signal).then(
        (rows) => {
          if (disposed || loadController !== controller) return;
          const missed = sinceLoad.current ?? [];
          sinceLoad.current = null;
          everLoaded = true;
          const registrations = missed.reduce(applyChange, sortNewestFirst(rows));
          const known = new Set(latest.current.map((r) => r.id));
          entrances.arrived(registrations.filter((r) => !known.has(r.id)).map((r) => r.id));
          setState({ status: 'ready', registrations });
        },
        (error: unknown) => {
          if (disposed || loadController !== controller) return;
          sinceLoad.current = null;
          if (isUnauthorized(error)) return unauthorized();
          toast.error(adminTexts.loadFailed, { id: 'admin-load-failed' });
          setState((previous) =>
            previous.status === 'loading' ? { ...previous, status: 'error' } : previous,
          );
        },
      );
    }

    function onChange(event: MessageEvent<string>) {
      const change = parseChange(event.data);
      if (!change) return;
      if (change.type === 'created') entrances.arrived([change.registration.id]);
      apply(change);
    }

    function connect() {
      if (disposed) return;
      const stream = new EventSource(api.adminLiveStream);
      source = stream;
      stream.onopen = () => {
        attempt = 0;
        setConnection('live');
        load();
      };
      stream.addEventListener('change', onChange);
      stream.onerror = () => {
        setConnection((previous) => (previous === 'connecting' ? previous : 'reconnecting'));
        // CONNECTING: the browser retries by itself (network error, server restarting).
        // CLOSED: an HTTP error (401, 503 while the server shuts down): we decide.
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
      clearTimeout(reconnectTimer);
      clearTimeout(fallbackTimer);
      source?.close();
      source = null;
      loadController?.abort();
    }

    reloadRef.current = () => {
      setState((previous) => ({ ...previous, status: 'loading' }));
      load();
    };

    const fallbackTimer = setTimeout(() => {
      if (!everLoaded && !sinceLoad.current) load();
    }, loadWithoutStreamAfterMs);
    connect();

    return () => {
      disposed = true;
      stop();
    };
  }, [entrances, apply]);

  const reload = useCallback(() => reloadRef.current(), []);

  return { ...state, connection, entrances, apply, reload };
}
