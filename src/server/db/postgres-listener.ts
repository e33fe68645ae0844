// One dedicated PostgreSQL connection per instance that LISTENs for what other instances commit
// (live changes, ended sessions). It is not taken from the pool: a LISTEN belongs to one session,
// and a pooled connection would be handed to queries. When it drops (a restart, a failover, a
// network blip) it reconnects by itself with growing pauses, LISTENs again, and then tells its
// users that notifications may have been lost meanwhile, so they catch up from the tables.
// See docs/decisions/0060-live-across-instances-with-listen-notify.md.
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
}

/** The application name the listening connection shows in pg_stat_activity. */
export const listenerApplicationName = 'inscricoes-listener';

export async function openPostgresListener({
  connectionString,
  log,
  backoffMs = 100,
  maxBackoffMs = 5_000,
  checkEveryMs = 30_000,
}: ListenerOptions): Promise<PostgresListener> {
  const handlers = new Map<string, Set<(payload: string) => void>>(
    Object.values(channels).map((channel) => [channel, new Set()]),
  );
  const reconnectedHandlers = new Set<() => void>();
  let client: pg.Client | undefined;
  let closed = false;
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
    next.on('notification', ({ channel, payload }) => {
      for (const handler of handlers.get(channel) ?? []) call(() => handler(payload ?? ''));
    });
    try {
      await next.connect();
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

  client = await connect();

  return {
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
