// Two app instances on one PostgreSQL database: a change made on one reaches the other's
// subscribers through LISTEN/NOTIFY, including after the listening connection is cut (a blip),
// and a session ended on one closes its streams on the other at once. (The same with three real
// processes behind nginx: src/server/cluster.test.ts.)
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../shared/paths.ts';
import { listenerApplicationName } from '../db/postgres-listener.ts';
import { openLiveStream } from '../test-support/live-stream.ts';
import { createTempPostgres, type TempPostgres } from '../test-support/postgres.ts';
import { startSession } from '../test-support/sessions.ts';
import {
  loggedChanges,
  register,
  startTestServer,
  type TestServer,
} from '../test-support/test-server.ts';
import type { LiveMessage } from './live-hub.ts';

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
  it('delivers a change made on one instance to the other’s subscribers, in sequence', async () => {
    const start = (await loggedChanges(a)).at(-1)?.seq ?? 0;
    const received = await receivedOnB(10, async () => {
      for (let i = 0; i < 10; i += 1) await register(a);
    });
    const logged = (await loggedChanges(a)).filter((c) => c.seq > start);
    expect(received.map((m) => m.seq)).toEqual(logged.map((c) => c.seq));
  });

  it('catches up on what was committed while its LISTEN connection was down', async () => {
    const start = (await loggedChanges(a)).at(-1)?.seq ?? 0;
    const received = await receivedOnB(8, async () => {
      expect(await cutListeners()).toBe(2);
      // Committed while B hears nothing: its notifications are lost, the log is not.
      for (let i = 0; i < 8; i += 1) await register(a);
    });
    const logged = (await loggedChanges(a)).filter((c) => c.seq > start);
    expect(received.map((m) => m.seq)).toEqual(logged.map((c) => c.seq));

    // Listening again: the next change arrives as before.
    const next = await receivedOnB(1, async () => void (await register(a)));
    expect(next[0]!.change).toMatchObject({ type: 'created' });
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
