// One dedicated PostgreSQL connection per instance that LISTENs for what other instances commit
// (live changes, ended sessions, queued messages), and tells them of this instance's commits. It
// is not taken from the pool: a LISTEN belongs to one session, and a pooled connection would be
// handed to queries. When it drops (a restart, a failover, a network blip) it reconnects by itself
// with growing pauses, LISTENs again, and then tells its users that notifications may have been
// lost meanwhile, so they catch up from the tables.
// Telling is done after the writer's commit, on this connection, coalesced: a NOTIFY inside a
// writing transaction takes a lock at commit that makes all such transactions commit one at a
// time, database-wide. Here at most one NOTIFY per channel is in flight, and the commits made
// meanwhile are told by one more after it, no sooner than announceGapMs after it. See
// docs/decisions/0060 and 0109.
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** The channels instances talk on; the payloads are short (a seq, a hash), never personal data. */
export const channels = {
  liveChanges: 'live_changes',
  sessionEnded: 'session_ended',
  /** New messages in the outbox: every instance's sender looks. */
  outbox: 'outbox',
  /** An edition's settings changed, or a new one is current (`<id>:<revision>`): re-render. */
  eventChanged: 'event_changed',
} as const;

export type Channel = (typeof channels)[keyof typeof channels];

export interface PostgresListener {
  /** Calls `handler` with the payload of each notification on `channel`; returns the unsubscribe. */
  on(channel: Channel, handler: (payload: string) => void): () => void;
  /** Calls `handler` after each reconnection: notifications sent while down are lost. */
  onReconnected(handler: () => void): () => void;
  /**
   * Tells every other instance, after this instance committed something they must read: a NOTIFY
   * on `channel`, or one more after the one in flight. Never throws; lost while the connection
   * is down (readers also look on a timer, and after their own reconnections).
   */
  announce(channel: Channel): void;
  close(): Promise<void>;
}

export interface ListenerOptions {
  connectionString: string;
  log: FastifyBaseLogger;
  /** First pause before reconnecting; it doubles after each failure, up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How often the connection is checked with a query: a silently dead one is noticed. */
  checkEveryMs?: number;
  /**
   * At least this long between two NOTIFYs on one channel: under load one tells of many commits
   * (each wakes every other instance, and costs the server a transaction).
   */
  announceGapMs?: number;
}

/** The application name the listening connection shows in pg_stat_activity. */
export const listenerApplicationName = 'inscricoes-listener';

export async function openPostgresListener({
  connectionString,
  log,
  backoffMs = 100,
  maxBackoffMs = 5_000,
  checkEveryMs = 30_000,
  announceGapMs = 25,
}: ListenerOptions): Promise<PostgresListener> {
  const handlers = new Map<string, Set<(payload: string) => void>>(
    Object.values(channels).map((channel) => [channel, new Set()]),
  );
  const reconnectedHandlers = new Set<() => void>();
  let client: pg.Client | undefined;
  let closed = false;
  /** Per channel: a NOTIFY in flight (or waiting for its gap), and whether another must follow. */
  const announcing = new Map<Channel, { again: boolean; startedAt: number }>();
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  function call(handler: () => void) {
    try {
      handler();
    } catch (error) {
      log.error({ err: error }, 'a notification handler failed');
    }
  }

  async function connect(): Promise<pg.Client> {
    const next = new pg.Client({
      connectionString,
      application_name: listenerApplicationName,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      query_timeout: 10_000,
    });
    // Without a listener, an error on an idle client would end the process.
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    let ownPid: number | undefined;
    next.on('notification', ({ channel, payload, processId }) => {
      // Our own announcement: this instance knew before it sent it.
      if (processId === ownPid) return;
      for (const handler of handlers.get(channel) ?? []) call(() => handler(payload ?? ''));
    });
    try {
      await next.connect();
      // A notification is no data: its transaction need not wait for the disk.
      await next.query('set synchronous_commit = off');
      ownPid = (await next.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
      for (const channel of handlers.keys()) {
        await next.query(`listen ${next.escapeIdentifier(channel)}`);
      }
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => {});
      throw error;
    }
    return next;
  }

  function lost(which: pg.Client, error?: Error) {
    if (closed || which !== client) return;
    client = undefined;
    log.warn({ err: error }, 'the LISTEN connection to PostgreSQL dropped: reconnecting');
    which.removeAllListeners('end');
    void which.end().catch(() => {});
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || retry) return;
    const pause = Math.min(maxBackoffMs, backoffMs * 2 ** failures);
    retry = setTimeout(async () => {
      retry = undefined;
      if (closed) return;
      try {
        const next = await connect();
        if (closed) {
          await next.end().catch(() => {});
          return;
        }
        client = next;
        failures = 0;
        log.info('the LISTEN connection to PostgreSQL is back: catching up');
        for (const handler of reconnectedHandlers) call(handler);
      } catch (error) {
        failures += 1;
        log.warn({ err: error, failures }, 'reconnecting to PostgreSQL for LISTEN failed');
        scheduleReconnect();
      }
    }, pause);
  }

  // A connection can die without a word (a dropped route): a query that never answers shows it.
  const check = setInterval(() => {
    const current = client;
    current?.query('select 1').catch((error: Error) => lost(current, error));
  }, checkEveryMs);
  check.unref();

  function notify(channel: Channel) {
    const current = client;
    if (!current || closed) {
      announcing.delete(channel);
      return;
    }
    const state = { again: false, startedAt: performance.now() };
    announcing.set(channel, state);
    current
      .query(`notify ${current.escapeIdentifier(channel)}`)
      .catch((error: Error) => log.warn({ err: error, channel }, 'a NOTIFY failed'))
      .finally(() => {
        if (!state.again) {
          announcing.delete(channel);
          return;
        }
        // What was committed meanwhile: one more, no sooner than the gap after this one.
        const wait = state.startedAt + announceGapMs - performance.now();
        if (wait <= 0) notify(channel);
        else setTimeout(() => notify(channel), wait).unref();
      });
  }

  client = await connect();

  return {
    announce(channel) {
      const inFlight = announcing.get(channel);
      if (inFlight) inFlight.again = true;
      else notify(channel);
    },
    on(channel, handler) {
      const set = handlers.get(channel)!;
      set.add(handler);
      return () => set.delete(handler);
    },
    onReconnected(handler) {
      reconnectedHandlers.add(handler);
      return () => reconnectedHandlers.delete(handler);
    },
    async close() {
      closed = true;
      clearInterval(check);
      clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
