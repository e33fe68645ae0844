// The live-change pipeline, on SQLite and on PostgreSQL: each change logged in its own
// transaction, delivered in the log's order with `id:` its position, and replayed to a panel that reconnects
// with Last-Event-ID (or ?lastEventId=), or a reset when the log no longer reaches back that far.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationChangeSchema } from '../../shared/live-change.schema.ts';
import { api, withId } from '../../shared/paths.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { openDatabase } from '../db/database.ts';
import { openLiveStream, toldEdition, type SseMessage } from '#test/api/live-stream.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession } from '#test/api/sessions.ts';
import {
  countRegistrations,
  changesDuring,
  loggedChanges,
  loggedHead,
  positionAhead,
  register as registerThroughApi,
  startTestServer,
  type TestServer,
} from '#test/servers/test-server.ts';
import { maxReplayedChanges, openLiveHub, type LiveMessage } from './live-hub.ts';
import { logChange } from './live-changes.repository.ts';
import { liveLogOf } from './open-live.ts';
import { comparePositions, formatPosition, parsePosition } from './log-position.ts';
import { inProcessWakeups } from './wakeups.ts';

const isReady = (message: SseMessage) => message.type === 'ready';
const changeOf = (message: SseMessage) => registrationChangeSchema.parse(JSON.parse(message.data));

describe.each([['SQLite'], ['PostgreSQL']])('live changes on %s', (engine) => {
  let database: TempPostgres | undefined;
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    if (engine === 'PostgreSQL') database = await createTempPostgres();
    server = await startTestServer(database ? { DATABASE_URL: database.url } : {});
    ({ cookie } = await startSession(server.app.db.kysely));
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const register = () => registerThroughApi(server);
  const post = (pattern: string, id: string) =>
    server.request(withId(pattern, id), { method: 'POST', headers: { cookie } });
  const head = () => loggedHead(server);
  /** Runs `action`, then waits until the hub has delivered what it logged. */
  async function step<T>(action: () => Promise<T>): Promise<T> {
    let result: T | undefined;
    await changesDuring(server, async () => {
      result = await action();
    });
    return result as T;
  }
  const idsAfter = async (id: string) => {
    const ids = (await loggedChanges(server)).map((c) => c.id);
    return ids.slice(ids.indexOf(id) + 1);
  };

  it('starts a stream with retry and `ready` at the head, then sends each change with its seq', async () => {
    await register();
    const start = await head();
    const stream = await openLiveStream(server.url, cookie);
    try {
      expect(stream.response.status).toBe(200);
      // With the current edition's settings (decision 0120).
      expect(await stream.next(isReady)).toEqual({
        id: start,
        type: 'ready',
        data: toldEdition(server.app, 'admin'),
      });
      expect(stream.text().startsWith('retry: 1000\n\n')).toBe(true);

      // Each change delivered before the next is made: a change read after its row was deleted
      // is skipped (the deletion follows), and on PostgreSQL a change is read once it is final.
      const created = await step(register);
      const confirmed = await step(() => post(api.adminConfirm, created.id));
      expect(confirmed.status).toBe(200);
      const ticket = await step(() => post(api.adminTicket, created.id));
      const deleted = await step(() =>
        server.request(withId(api.adminRegistration, created.id), {
          method: 'DELETE',
          headers: { cookie },
        }),
      );
      expect(deleted.status).toBe(204);

      const ids = await idsAfter(start);
      const logged = (await loggedChanges(server)).filter((c) => ids.includes(c.id));
      expect(logged.map((c) => [c.type, c.registration_id])).toEqual([
        ['created', created.id],
        ['updated', created.id],
        ['updated', created.id],
        ['deleted', created.id],
      ]);
      await stream.next((message) => message.id === ids.at(-1));
      const changes = stream.messages.filter((message) => message.type === 'change');
      expect(changes.map((message) => message.id)).toEqual(ids);
      // The row as it is when the change is read (never an older one), and the id once deleted.
      expect(changes.map((message) => changeOf(message).type)).toEqual([
        'created',
        'updated',
        'updated',
        'deleted',
      ]);
      expect(changeOf(changes[3]!)).toEqual({ type: 'deleted', id: created.id });
      expect(await ticket.json()).toMatchObject({ status: 'confirmed' });
    } finally {
      await stream.close();
    }
  });

  it('replays what a panel missed after its Last-Event-ID, then says `ready`', async () => {
    const seen = await head();
    // Each change delivered (final: on PostgreSQL no older transaction on the server holds it
    // back, such as another test file's) before the panel comes back for it.
    const first = await step(() => register());
    const second = await step(() => register());
    const confirmed = await step(async () => (await post(api.adminConfirm, first.id)).json());
    const now = await head();

    const stream = await openLiveStream(server.url, cookie, { lastEventId: seen });
    try {
      const ready = await stream.next(isReady);
      expect(ready.id).toBe(now);
      const replayed = stream.messages.slice(0, stream.messages.indexOf(ready));
      expect(replayed.map((message) => message.type)).toEqual(['change', 'change', 'change']);
      expect(replayed.map((message) => changeOf(message))).toEqual([
        { type: 'created', registration: confirmed },
        { type: 'created', registration: second },
        { type: 'updated', registration: confirmed },
      ]);
      expect(replayed.map((message) => message.id)).toEqual(await idsAfter(seen));
    } finally {
      await stream.close();
    }
  });

  it('does the same for ?lastEventId= (a panel that had to open a new EventSource)', async () => {
    const seen = await head();
    const created = await step(() => register());
    const stream = await openLiveStream(server.url, cookie, { query: `?lastEventId=${seen}` });
    try {
      await stream.next(isReady);
      expect(stream.messages.map((message) => message.type)).toEqual(['change', 'ready']);
      expect(changeOf(stream.messages[0]!)).toEqual({ type: 'created', registration: created });
    } finally {
      await stream.close();
    }
  });

  it('sends nothing but `ready` to a panel that missed nothing', async () => {
    await register();
    const stream = await openLiveStream(server.url, cookie, { lastEventId: await head() });
    try {
      await stream.next(isReady);
      expect(stream.messages.map((message) => message.type)).toEqual(['ready']);
    } finally {
      await stream.close();
    }
  });

  it('sends `reset` when the log no longer holds what the panel missed, or never had it', async () => {
    const old = await head();
    await register();
    await register();
    // (Once final: a change still waiting for an older transaction is never pruned.)
    await head();
    // The log keeps a day of changes; forget all but the newest, as a day later.
    expect(
      await liveLogOf(server.app.db).prune(new Date(Date.now() + 60_000).toISOString()),
    ).toBeGreaterThan(0);
    const now = await head();
    expect((await loggedChanges(server)).map((c) => c.id)).toEqual([now]);
    const newest = parsePosition(now)!;
    const ahead = positionAhead(now);
    // On PostgreSQL a plain number is no position of its log (an id from before 0108).
    const foreign = engine === 'PostgreSQL' ? [String(newest.seq)] : [];

    for (const lastEventId of [old, ahead, 'não-é-um-número', ...foreign]) {
      const stream = await openLiveStream(server.url, cookie, { lastEventId });
      try {
        const reset = await stream.next((message) => message.type === 'reset');
        expect({ lastEventId, reset }).toEqual({
          lastEventId,
          reset: { id: now, type: 'reset', data: toldEdition(server.app, 'admin') },
        });
        expect(stream.messages.some(isReady)).toBe(false);
      } finally {
        await stream.close();
      }
    }
    // SQLite's numbers leave no gap that is not a rollback: one before the oldest kept change
    // is still whole. PostgreSQL knows a position by its row: the oldest kept one is whole.
    const [lastEventId, whole] =
      engine === 'SQLite' ? [String(newest.seq - 1n), ['change', 'ready']] : [now, ['ready']];
    const resumed = await openLiveStream(server.url, cookie, { lastEventId });
    try {
      await resumed.next(isReady);
      expect(resumed.messages.map((message) => message.type)).toEqual(whole);
    } finally {
      await resumed.close();
    }
  });

  it('sends `reset` instead of replaying more than a reload’s worth of missed changes', async () => {
    const created = await register();
    const seen = await head();
    /** Changes logged while the panel was away (the app's own logChange, one transaction). */
    const logUpdates = async (count: number) => {
      await server.app.db.kysely.transaction().execute(async (trx) => {
        for (let i = 0; i < count; i++) await logChange(trx, 'updated', created.id);
      });
    };
    const changeCount = (stream: { messages: SseMessage[] }) =>
      stream.messages.filter((message) => message.type === 'change').length;

    // Up to the limit: replayed one by one, as before.
    await logUpdates(maxReplayedChanges);
    const whole = await head();
    const replayed = await openLiveStream(server.url, cookie, { lastEventId: seen });
    try {
      expect((await replayed.next(isReady, 20_000)).id).toBe(whole);
      expect(changeCount(replayed)).toBe(maxReplayedChanges);
    } finally {
      await replayed.close();
    }

    // One more: the list is loaded again instead.
    await logUpdates(1);
    const now = await head();
    const stream = await openLiveStream(server.url, cookie, { lastEventId: seen });
    try {
      const reset = await stream.next((message) => message.type === 'reset', 20_000);
      expect(reset).toEqual({ id: now, type: 'reset', data: toldEdition(server.app, 'admin') });
      expect(changeCount(stream)).toBe(0);
      expect(stream.messages.some(isReady)).toBe(false);
    } finally {
      await stream.close();
    }
    // A panel a little behind still gets what it missed.
    const recent = await openLiveStream(server.url, cookie, { lastEventId: whole });
    try {
      await recent.next(isReady);
      expect(recent.messages.map((message) => message.type)).toEqual(['change', 'ready']);
    } finally {
      await recent.close();
    }
  });

  it('delivers every change of a burst of concurrent registrations once, in the log’s order', async () => {
    const received: LiveMessage[] = [];
    const start = await head();
    // Only what follows `start`: an earlier test's change, final now, may still be on its way to
    // the hub (on PostgreSQL it waited behind another file's open transaction).
    const after = parsePosition(start)!;
    const unsubscribe = server.app.live.subscribe((message) => {
      if (comparePositions(message.position, after) > 0) received.push(message);
    });
    try {
      const created = await Promise.all(Array.from({ length: 40 }, () => register()));
      const logged = await idsAfter(start);
      expect(logged).toHaveLength(40);
      await expect.poll(() => received.length).toBe(40);
      expect(received.map((message) => formatPosition(message.position))).toEqual(logged);
      const positions = received.map((message) => message.position);
      expect([...positions].sort(comparePositions)).toEqual(positions);
      expect(
        new Set(received.map((m) => (m.change.type === 'created' ? m.change.registration.id : ''))),
      ).toEqual(new Set(created.map((r) => r.id)));
    } finally {
      unsubscribe();
    }
  });

  it('logs nothing for a refused write: a duplicate e-mail, a ticket before the confirmation', async () => {
    const registration = await register();
    const before = await loggedChanges(server);
    const again = await server.request(api.registrations, {
      method: 'POST',
      json: validRegistration({ email: registration.email }),
    });
    expect(again.status).toBe(409);
    expect((await post(api.adminTicket, registration.id)).status).toBe(409);
    expect(await loggedChanges(server)).toEqual(before);
  });
});

describe('the change and its log entry', () => {
  it('commit together: without the log, the registration is not stored either', async () => {
    const server = await startTestServer();
    try {
      await server.app.db.kysely.schema.dropTable('live_changes').execute();
      const response = await server.request(api.registrations, {
        method: 'POST',
        json: validRegistration(),
      });
      expect(response.status).toBe(500);
      expect(await countRegistrations(server)).toBe(0);
    } finally {
      await server.close();
    }
  });
});

describe('delivery never fails a request', () => {
  it('answers 201 and reaches the other subscribers when one subscriber throws', async () => {
    const log = logCapture();
    const server = await startTestServer({}, { logStream: log.stream });
    try {
      const unsubscribeBroken = server.app.live.subscribe(() => {
        throw new Error('a broken panel');
      });
      const received: LiveMessage[] = [];
      const unsubscribe = server.app.live.subscribe((message) => received.push(message));
      const response = await server.request(api.registrations, {
        method: 'POST',
        json: validRegistration(),
      });
      expect(response.status).toBe(201);
      await expect.poll(() => received.length).toBe(1);
      expect(log.text()).toContain('live listener failed');
      unsubscribeBroken();
      unsubscribe();
    } finally {
      await server.close();
    }
  });

  it('logs, and does not throw, when the log cannot be read', async () => {
    const server = await startTestServer();
    const db = await openDatabase(`file:${server.dbFile}`);
    const log = logCapture();
    const logger = Fastify({ logger: { level: 'info', stream: log.stream } }).log;
    const hub = await openLiveHub({
      db,
      log: liveLogOf(db),
      wakeups: inProcessWakeups(),
      logger,
    });
    await db.close();
    try {
      expect(() => hub.poke()).not.toThrow();
      await expect.poll(log.text).toContain('reading live changes failed');
    } finally {
      await hub.close();
      await server.close();
    }
  });
});

function logCapture() {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream, text: () => text };
}
