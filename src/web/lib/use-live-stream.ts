// One live stream (Server-Sent Events) kept open: the admin's list of registrations and the
// door's list of attendees both follow one. Every message carries the change's sequence number,
// so a stream that comes back (the browser's Last-Event-ID, or ?lastEventId= on a new
// EventSource) gets what it missed; only a `reset` (the gap is too old) or a fresh start asks the
// caller to load its list again (docs/decisions/0022). The current edition's settings come with
// `ready` and `reset`, and in an `edition` message after each change (docs/decisions/0120). A
// stream that goes quiet for a few heartbeats (`ping`) is dead and opened again (decision 0169).
import { useEffect, useRef, useState } from 'react';

/** 'reconnecting' only after the stream had been open: the first connection is 'connecting'. */
export type Connection = 'connecting' | 'live' | 'reconnecting';

/** The JSON a message carries; undefined when it is none. */
function jsonOf(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/** The current edition a `ready` or `reset` carries (`{"edition": …}`), if any. */
function editionIn(data: string): unknown {
  const value = jsonOf(data);
  return typeof value === 'object' && value !== null && 'edition' in value
    ? value.edition
    : undefined;
}

/** The id of an edition a stream tells of (unchecked JSON); undefined when there is none. */
function editionIdOf(edition: unknown): string | undefined {
  return typeof edition === 'object' &&
    edition !== null &&
    'id' in edition &&
    typeof edition.id === 'string'
    ? edition.id
    : undefined;
}

/**
 * How many heartbeats (`ping`, whose data is the server's interval in ms) may go missing before a
 * stream is taken for dead: a connection that died without a word (a laptop that slept, a router
 * that dropped it) is never reported by EventSource, which would wait for the system to notice.
 */
const missedBeats = 2.5;

/** The heartbeat interval a `ping` tells of (ms); undefined for anything else. */
function intervalIn(data: string): number | undefined {
  const ms = Number(data);
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

/** Backoff before re-creating a stream that ended CLOSED: 1 s, 2 s, 4 s, then 5 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 5000);
}

export interface LiveStreamHandlers {
  /** The list is not known to match the stream (a fresh stream, or a `reset`): load it again. */
  onResync(): void;
  /** A `change` message's data. */
  onChange(data: string): void;
  /**
   * The current edition (`{"id","revision","event"}`, unchecked JSON): as a stream (re)opens, and
   * after each change to it.
   */
  onEdition?(edition: unknown): void;
  /**
   * Whether the session is still valid (EventSource hides the status code); throws offline. false:
   * the stream stops for good (whoever answered has told the page its session is gone).
   */
  sessionAlive(): Promise<boolean>;
}

/** Keeps a stream on `url` open while `enabled`; `stop()` closes it for good (logout, expiry). */
export function useLiveStream(url: string, handlers: LiveStreamHandlers, enabled = true) {
  const [connection, setConnection] = useState<Connection>('connecting');
  const handlersRef = useRef(handlers);
  const stopRef = useRef<() => void>(() => {});

  useEffect(() => {
    handlersRef.current = handlers;
  }, [handlers]);

  useEffect(() => {
    if (!enabled) return;
    let disposed = false;
    let source: EventSource | null = null;
    let attempt = 0;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    /** The last sequence number seen: where a new stream resumes. */
    let lastSeq: string | undefined;
    /**
     * The edition the caller's list is of: the one the `ready` or `reset` that had it loaded told
     * of. No change in the log says that another edition became current, so a stream that comes
     * back after a switch (a laptop asleep, a phone between networks) resumes with `ready`, not
     * `reset`: its edition differing is what says the list must be loaded again (decision 0169).
     */
    let listEdition: string | undefined;
    /** The server's heartbeat interval, once a `ping` told it: what the watchdog waits for. */
    let heartbeatMs: number | undefined;
    let watchdog: ReturnType<typeof setTimeout> | undefined;

    /**
     * Heard from `stream` (or just opened it): if nothing more comes for a few heartbeats, it is
     * dead though no one says so; it is closed, the page says it is not live, and a new one
     * resumes where it was (?lastEventId=).
     */
    function watch(stream: EventSource) {
      clearTimeout(watchdog);
      if (heartbeatMs === undefined) return;
      watchdog = setTimeout(() => {
        if (disposed || source !== stream) return;
        stream.close();
        setConnection((previous) => (previous === 'connecting' ? previous : 'reconnecting'));
        connect();
      }, heartbeatMs * missedBeats);
    }

    function connect() {
      if (disposed) return;
      const resuming = lastSeq !== undefined;
      const stream = new EventSource(
        resuming ? `${url}?lastEventId=${encodeURIComponent(lastSeq!)}` : url,
      );
      source = stream;
      // Opened, but a connection that never answers is dead too.
      watch(stream);
      // Until its first `ready`, a stream opened without a sequence has nothing to continue.
      let continuing = resuming;
      /**
       * A `ready` or `reset` may carry the settings: missed while away, they are told again.
       * Returns the edition's id.
       */
      const edition = (data: string) => {
        const told = editionIn(data);
        if (told !== undefined) handlersRef.current.onEdition?.(told);
        return editionIdOf(told);
      };
      const resync = (editionId: string | undefined) => {
        listEdition = editionId;
        handlersRef.current.onResync();
      };
      stream.addEventListener('ping', (message: MessageEvent<string>) => {
        heartbeatMs = intervalIn(message.data) ?? heartbeatMs;
        watch(stream);
      });
      stream.addEventListener('ready', (message: MessageEvent<string>) => {
        watch(stream);
        lastSeq = message.lastEventId;
        attempt = 0;
        setConnection('live');
        const editionId = edition(message.data);
        if (!continuing || (editionId !== undefined && editionId !== listEdition)) {
          resync(editionId);
        }
        continuing = true;
      });
      stream.addEventListener('reset', (message: MessageEvent<string>) => {
        watch(stream);
        lastSeq = message.lastEventId;
        attempt = 0;
        continuing = true;
        setConnection('live');
        resync(edition(message.data));
      });
      stream.addEventListener('change', (message: MessageEvent<string>) => {
        watch(stream);
        lastSeq = message.lastEventId;
        handlersRef.current.onChange(message.data);
      });
      stream.addEventListener('edition', (message: MessageEvent<string>) => {
        watch(stream);
        const told = jsonOf(message.data);
        if (told !== undefined) handlersRef.current.onEdition?.(told);
      });
      stream.onerror = () => {
        setConnection((previous) => (previous === 'connecting' ? previous : 'reconnecting'));
        // CONNECTING: the browser retries by itself (network error, server restarting), sending
        // Last-Event-ID. CLOSED: an HTTP error (401, 503 while the server shuts down): we decide.
        if (stream.readyState === EventSource.CLOSED) {
          clearTimeout(watchdog);
          stream.close();
          void reconnectOrGiveUp();
        }
      };
    }

    async function reconnectOrGiveUp() {
      try {
        if (!(await handlersRef.current.sessionAlive())) {
          stop();
          return;
        }
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
      clearTimeout(watchdog);
      source?.close();
      source = null;
    }
    stopRef.current = stop;
    connect();
    return stop;
  }, [url, enabled]);

  return { connection, stop: () => stopRef.current() };
}
