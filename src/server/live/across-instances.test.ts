// Two app instances on one PostgreSQL database: a change made on one reaches the other's
// subscribers through LISTEN/NOTIFY, including after the listening connection is cut (a blip);
// writers that commit out of order are read in an order no stream ever has to go back on
// (docs/decisions/0108), on both instances' streams and on streams that resume; and a session
// ended on one closes its streams on the other at once. (The same with three real processes
// behind nginx: src/server/cluster.test.ts.)
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../shared/paths.ts';
import { listenerApplicationName } from '../db/postgres-listener.ts';
import { holdTransaction } from '#test/databases/held-transaction.ts';
import { openLiveStream, type LiveStreamReader, type SseMessage } from '#test/api/live-stream.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession } from '#test/api/sessions.ts';
import {
  loggedChanges,
  loggedHead,
  register,
  startTestServer,
  type TestServer,
} from '#test/servers/test-server.ts';
import { logChange } from './live-changes.repository.ts';
import type { LiveMessage } from './live-hub.ts';
import { formatPosition } from './log-position.ts';

// Long: a stream that ends must have been ended by the notification, not by a heartbeat.
const heartbeatMs = 60_000;

let database: TempPostgres;
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  database = await createTempPostgres();
  const env = { DATABASE_URL: database.url };
  a = await startTestServer(env, { config: { liveHeartbeatMs: heartbeatMs } });
  b = await startTestServer(env, { config: { liveHeartbeatMs: heartbeatMs } });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.drop();
});

/** Every message B's hub delivers while `during` runs and until `count` have arrived. */
async function receivedOnB(count: number, during: () => Promise<void>): Promise<LiveMessage[]> {
  const received: LiveMessage[] = [];
  const unsubscribe = b.app.live.subscribe((message) => received.push(message));
  try {
    await during();
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(count);
    return received;
  } finally {
    unsubscribe();
  }
}

/** The logged changes after the one with stream id `start`, in the log's order. */
async function changesAfter(start: string) {
  const logged = await loggedChanges(a);
  return logged.slice(logged.findIndex((c) => c.id === start) + 1);
}

async function idsAfter(start: string): Promise<string[]> {
  return (await changesAfter(start)).map((c) => c.id);
}

/** Cuts the LISTEN connections of the database (both instances'), as a network blip would. */
async function cutListeners(): Promise<number> {
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
      [listenerApplicationName],
    );
    return rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

describe('live changes across instances (PostgreSQL LISTEN/NOTIFY)', () => {
  it('delivers a change made on one instance to the other’s subscribers, in the log’s order', async () => {
    const start = await loggedHead(a);
    const received = await receivedOnB(10, async () => {
      for (let i = 0; i < 10; i += 1) await register(a);
    });
    expect(received.map((m) => formatPosition(m.position))).toEqual(await idsAfter(start));
  });

  it('catches up on what was committed while its LISTEN connection was down', async () => {
    const start = await loggedHead(a);
    const received = await receivedOnB(8, async () => {
      expect(await cutListeners()).toBe(2);
      // Committed while B hears nothing: its notifications are lost, the log is not.
      for (let i = 0; i < 8; i += 1) await register(a);
    });
    expect(received.map((m) => formatPosition(m.position))).toEqual(await idsAfter(start));

    // Listening again: the next change arrives as before.
    const next = await receivedOnB(1, async () => void (await register(a)));
    expect(next[0]!.change).toMatchObject({ type: 'created' });
  });
});

describe('writers that commit out of order', () => {
  let cookie: string;
  beforeAll(async () => {
    ({ cookie } = await startSession(a.app.db.kysely));
  });

  const isReady = (message: SseMessage) => message.type === 'ready';
  const changeIds = (stream: LiveStreamReader) =>
    stream.messages.filter((m) => m.type === 'change').map((m) => m.id);

  /** An admin stream on each instance (from `lastEventId` when given), each past its `ready`. */
  async function streamsOnBoth(lastEventId?: string): Promise<LiveStreamReader[]> {
    const streams = await Promise.all(
      [a, b].map((server) => openLiveStream(server.url, cookie, { lastEventId })),
    );
    await Promise.all(streams.map((stream) => stream.next(isReady)));
    return streams;
  }

  /** A stream opened now from `lastEventId`: the catch-up as the log stands, before anything new. */
  async function catchUpFrom(server: TestServer, lastEventId: string): Promise<SseMessage[]> {
    const stream = await openLiveStream(server.url, cookie, { lastEventId });
    try {
      await stream.next(isReady);
      return stream.messages;
    } finally {
      await stream.close();
    }
  }

  it('holds a committed change back while an older writer with a lower number is still running, then delivers both, lower first, on every instance', async () => {
    const person = await register(a);
    const start = await loggedHead(a);
    const streams = await streamsOnBoth();
    const slow = holdTransaction(a.app.db.kysely);
    try {
      // The slow writer changes the person and logs it: sequence number n, not committed.
      await slow.run(async (trx) => {
        await trx
          .updateTable('registrations')
          .set({ nome_compania: 'Construtora Demorada' })
          .where('id', '=', person.id)
          .execute();
        await logChange(trx, 'updated', person.id);
      });
      // Another writer, on the other instance, takes n + 1 and commits.
      const quick = await register(b);
      // Committed, but a stream starting now from where the panels stood is told nothing yet.
      for (const server of [a, b]) {
        expect((await catchUpFrom(server, start)).map((m) => [m.type, m.id])).toEqual([
          ['ready', start],
        ]);
      }
      await slow.commit();

      const logged = await changesAfter(start);
      expect(logged.map((c) => c.registration_id)).toEqual([person.id, quick.id]);
      expect(logged[0]!.seq).toBeLessThan(logged[1]!.seq);
      const ids = logged.map((c) => c.id);
      // Every stream: n, then n + 1 (so n + 1 waited: n could not be sent before its commit).
      for (const stream of streams) {
        await stream.next((m) => m.id === ids.at(-1));
        expect(changeIds(stream)).toEqual(ids);
        const [slowChange] = stream.messages.filter((m) => m.id === ids[0]);
        expect(JSON.parse(slowChange!.data)).toMatchObject({
          type: 'updated',
          registration: { id: person.id, nome_compania: 'Construtora Demorada' },
        });
      }
      // And a panel resuming from where it stood gets both, in the same order.
      for (const server of [a, b]) {
        expect((await catchUpFrom(server, start)).map((m) => m.id)).toEqual([...ids, ids.at(-1)]);
      }
    } finally {
      await slow.rollback();
      await Promise.all(streams.map((stream) => stream.close()));
    }
  });

  it('delivers a lower number that commits late after a higher one, and a stream resuming from the higher one still gets it', async () => {
    const person = await register(a);
    const start = await loggedHead(a);
    const streams = await streamsOnBoth();
    const older = holdTransaction(a.app.db.kysely);
    const younger = holdTransaction(b.app.db.kysely);
    const gone = randomUUID();
    try {
      // The older transaction starts writing first (its id is the lower)...
      await older.run((trx) => sql`select pg_current_xact_id()`.execute(trx));
      // ...the younger then takes the lower sequence number and holds its commit...
      await younger.run(async (trx) => {
        await trx
          .updateTable('registrations')
          .set({ nome_compania: 'Construtora Tardia' })
          .where('id', '=', person.id)
          .execute();
        await logChange(trx, 'updated', person.id);
      });
      // ...while the older logs the higher one and commits.
      await older.run((trx) => logChange(trx, 'deleted', gone));
      await older.commit();
      const [higher] = await changesAfter(start);
      expect(higher).toMatchObject({ type: 'deleted', registration_id: gone });
      // Final (no transaction that could still commit before it is running): sent at once,
      // though a lower number is still to come.
      for (const stream of streams) {
        await stream.next((m) => m.id === higher!.id);
        expect(changeIds(stream)).toEqual([higher!.id]);
      }
      // A panel that saw it and reconnects now: nothing more yet.
      const resumed = await openLiveStream(b.url, cookie, { lastEventId: higher!.id });
      streams.push(resumed);
      expect((await resumed.next(isReady)).id).toBe(higher!.id);

      await younger.commit();
      const logged = await changesAfter(start);
      expect(logged.map((c) => c.registration_id)).toEqual([gone, person.id]);
      const lower = logged[1]!;
      expect(lower.seq).toBeLessThan(higher!.seq);
      for (const stream of streams) {
        await stream.next((m) => m.id === lower.id);
      }
      expect(streams.map(changeIds)).toEqual([
        [higher!.id, lower.id],
        [higher!.id, lower.id],
        [lower.id],
      ]);
      // Resuming from the higher number after both committed: the lower one, not skipped.
      for (const server of [a, b]) {
        expect((await catchUpFrom(server, higher!.id)).map((m) => [m.type, m.id])).toEqual([
          ['change', lower.id],
          ['ready', lower.id],
        ]);
      }
    } finally {
      await older.rollback();
      await younger.rollback();
      await Promise.all(streams.map((stream) => stream.close()));
    }
  });

  it('never announces a change that rolls back, and stops waiting for it once it has', async () => {
    const start = await loggedHead(a);
    const streams = await streamsOnBoth();
    const doomed = holdTransaction(a.app.db.kysely);
    const gone = randomUUID();
    try {
      await doomed.run((trx) => logChange(trx, 'deleted', gone));
      const quick = await register(b);
      for (const server of [a, b]) {
        expect((await catchUpFrom(server, start)).map((m) => m.type)).toEqual(['ready']);
      }
      // No one is told of a rollback: the instances look again by themselves.
      await doomed.rollback();
      const logged = await changesAfter(start);
      expect(logged.map((c) => c.registration_id)).toEqual([quick.id]);
      for (const stream of streams) {
        await stream.next((m) => m.id === logged[0]!.id);
        expect(changeIds(stream)).toEqual([logged[0]!.id]);
        expect(stream.text()).not.toContain(gone);
      }
    } finally {
      await doomed.rollback();
      await Promise.all(streams.map((stream) => stream.close()));
    }
  });
});

describe('a session ended on one instance', () => {
  it('closes its streams on the other at once, and leaves other sessions streaming', async () => {
    const mine = await startSession(a.app.db.kysely);
    const other = await startSession(a.app.db.kysely);
    const onB = await openLiveStream(b.url, mine.cookie);
    const otherOnB = await openLiveStream(b.url, other.cookie);
    try {
      await onB.next((m) => m.type === 'ready');
      await otherOnB.next((m) => m.type === 'ready');
      const logout = await a.request(api.adminLogout, {
        method: 'POST',
        headers: { cookie: mine.cookie },
      });
      expect(logout.status).toBe(204);
      // Well before the first heartbeat could have checked the session.
      await onB.end(heartbeatMs / 4);
      expect(otherOnB.ended()).toBe(false);
    } finally {
      await onB.close();
      await otherOnB.close();
    }
  });

  it('closes them when it expires or its password is reset elsewhere (any deletion)', async () => {
    const session = await startSession(a.app.db.kysely);
    const stream = await openLiveStream(b.url, session.cookie);
    try {
      await stream.next((m) => m.type === 'ready');
      // What the CLI's reset-password and an expiry seen by A do: delete the row.
      await a.app.db.kysely
        .deleteFrom('sessions')
        .where('account_id', '=', session.accountId)
        .execute();
      await stream.end(heartbeatMs / 4);
    } finally {
      await stream.close();
    }
  });
});
