// Several instances, as an operator runs them: three real server processes on one real
// PostgreSQL database (this file's own), behind a real nginx (round-robin, the stream
// unbuffered). Live changes reach panels on every instance, in an order no panel has to go back
// on when writers commit out of order (docs/decisions/0108); a SIGKILL in the middle of a burst
// loses no registration answered 201 and no change to a panel that reconnects through the
// proxy; the rate limit counts across instances; a logout on one closes that session's streams
// on the others; the retention job runs at each start, one instance at a time, erasing each
// registration once.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEvent } from '../shared/event.ts';
import { api, withId } from '../shared/paths.ts';
import type { Registration } from '../shared/registration.schema.ts';
import { servedRegistration, validRegistration } from '#test/builders/registrations.ts';
import { openDatabase, type Db } from './db/database.ts';
import { runPool, type ChildServer } from '#test/servers/child-server.ts';
import { startCluster, type Cluster } from '#test/servers/cluster.ts';
import {
  openLiveStream,
  openReconnectingLiveStream,
  type SseMessage,
} from '#test/api/live-stream.ts';
import { createTestAdmin, logIn } from '#test/api/login.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { logChange } from './live/live-changes.repository.ts';
import { holdTransaction } from '#test/databases/held-transaction.ts';
import { loggedChangesIn } from '#test/databases/logged-changes.ts';
import { startSession } from '#test/api/sessions.ts';
import { currentEditionId } from './db/current-edition.ts';

const rateLimit = 5;
// Long: a stream that ends must have been ended by a notification, not by its heartbeat.
const heartbeatSeconds = 60;
const day = 24 * 60 * 60_000;

let database: TempPostgres;
let db: Db;
let cluster: Cluster;
let dir: string;
let cookie: string;
/** Registrations made long ago, for an event long past: the retention job's to erase. */
let outlived: Registration[];

beforeAll(async () => {
  database = await createTempPostgres();
  db = await openDatabase(database.url);
  outlived = [400, 200, 31].map((days) =>
    servedRegistration({ created_at: new Date(Date.now() - days * day).toISOString() }),
  );
  await db.kysely
    .insertInto('registrations')
    .values(
      outlived.map(
        ({ delivery: _messages, respostas: _none, certificate: _certificate, ...r }) => ({
          ...r,
          email_key: r.email.toLowerCase(),
          event_id: currentEditionId,
        }),
      ),
    )
    .execute();
  ({ cookie } = await startSession(db.kysely));
  dir = mkdtempSync(join(tmpdir(), 'inscricoes-cluster-test-'));
  const eventFile = join(dir, 'event.json');
  writeFileSync(
    eventFile,
    JSON.stringify({ ...defaultEvent, date: '2024-05-04', retentionDays: 30 }),
  );
  cluster = await startCluster(3, {
    DATABASE_URL: database.url,
    EVENT_CONFIG: eventFile,
    REGISTRATION_RATE_LIMIT: String(rateLimit),
    LIVE_HEARTBEAT_SECONDS: String(heartbeatSeconds),
    // Debug: the job runner says what it decided on each instance.
    LOG_LEVEL: 'debug',
  });
}, 120_000);

afterAll(async () => {
  await cluster?.stop();
  await db?.close();
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

let visitor = 0;
/** A visitor of their own (an address the limit has not seen), through the proxy. */
function register(base = cluster.url, address = `10.9.${++visitor >> 8}.${visitor & 255}`) {
  return fetch(`${base}${api.registrations}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(validRegistration()),
  });
}

function adminRequest(base: string, path: string, method: string) {
  return fetch(base + path, { method, headers: { cookie, origin: cluster.url } });
}

/** The stream ids of the changes logged after the one a panel stood at, in the log's order. */
async function loggedIdsAfter(id: string | undefined): Promise<string[]> {
  const ids = (await loggedChangesIn(db)).map((change) => change.id);
  return ids.slice(ids.indexOf(id!) + 1);
}

const isReady = (message: SseMessage) => message.type === 'ready';
const changeIds = (messages: readonly SseMessage[]) =>
  messages.filter((m) => m.type === 'change').map((m) => m.id);

/** The JSON log lines of an instance. */
function logOf(node: ChildServer): Array<Record<string, unknown>> {
  return node.lines().flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

describe('three instances on PostgreSQL behind nginx', () => {
  it('run the retention job at start, one at a time: each outlived registration erased once', async () => {
    const decisions = () =>
      cluster.nodes.map(
        (node) =>
          logOf(node).find(
            (entry) =>
              entry.msg === 'background job checked' && entry.job === 'registration-retention',
          )?.outcome,
      );
    // Each instance's first check (at start) has been decided: it ran the purge, or found
    // another instance running it (the lock).
    await expect.poll(() => decisions().every(Boolean), { timeout: 15_000 }).toBe(true);
    expect(decisions().filter((outcome) => outcome === 'ran').length).toBeGreaterThanOrEqual(1);
    for (const outcome of decisions()) expect(['ran', 'busy']).toContain(outcome);
    const erasures = cluster.nodes.flatMap((node) =>
      logOf(node).filter((entry) => entry.msg === 'retention: registrations erased'),
    );
    // The first run erased them all; any later one found nothing left.
    expect(erasures.map((entry) => entry.removed).sort()).toEqual(
      [outlived.length, ...Array<number>(erasures.length - 1).fill(0)].sort(),
    );
    const left = await db.kysely
      .selectFrom('registrations')
      .select('id')
      .where(
        'id',
        'in',
        outlived.map((r) => r.id),
      )
      .execute();
    expect(left).toEqual([]);
  });

  it('bring a change made on any instance to panels on all three', async () => {
    // The retention job's erasures final first: one still held back by another test file's open
    // transaction would reach a panel after its ready, as a fourth change.
    await loggedChangesIn(db);
    const panels = await Promise.all(
      cluster.nodes.flatMap((node) => [0, 1].map(() => openLiveStream(node.url, cookie))),
    );
    try {
      const readies = await Promise.all(panels.map((panel) => panel.next(isReady)));
      const [a, b, c] = cluster.nodes as [ChildServer, ChildServer, ChildServer];
      // Each change on every panel before the next is made: a change read after its row was
      // deleted is skipped (its deletion follows).
      const everywhere = async () => {
        const last = (await loggedIdsAfter(readies[0]!.id)).at(-1);
        await Promise.all(panels.map((panel) => panel.next((message) => message.id === last)));
      };
      const created = await register(a.url);
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as Registration;
      await everywhere();
      expect((await adminRequest(b.url, withId(api.adminConfirm, id), 'POST')).status).toBe(200);
      await everywhere();
      expect((await adminRequest(c.url, withId(api.adminRegistration, id), 'DELETE')).status).toBe(
        204,
      );
      for (const [i, panel] of panels.entries()) {
        const logged = await loggedIdsAfter(readies[i]!.id);
        expect(logged).toHaveLength(3);
        await panel.next((message) => message.id === logged.at(-1));
        expect(changeIds(panel.messages)).toEqual(logged);
      }
      const last = (await loggedIdsAfter(readies[0]!.id)).at(-1);
      const deleted = panels[0]!.messages.find((m) => m.id === last)!;
      expect(JSON.parse(deleted.data)).toEqual({ type: 'deleted', id });
    } finally {
      await Promise.all(panels.map((panel) => panel.close()));
    }
  });

  it('hold a committed change back on every instance while an older writer is still running, then deliver both, older first', async () => {
    const person = (await (await register()).json()) as Registration;
    // (Its creation final before the panels start after it.)
    await loggedChangesIn(db);
    const panels = await Promise.all(cluster.nodes.map((node) => openLiveStream(node.url, cookie)));
    const slow = holdTransaction(db.kysely);
    try {
      const readies = await Promise.all(panels.map((panel) => panel.next(isReady)));
      // The slow writer logs its change (a lower number) and holds its commit...
      await slow.run((trx) => logChange(trx, 'updated', person.id));
      // ...while a registration through the proxy takes the next number and commits.
      const quick = (await (await register()).json()) as Registration;
      // Nothing for it yet, on any instance, even to a stream starting now.
      for (const node of cluster.nodes) {
        const late = await openLiveStream(node.url, cookie, { lastEventId: readies[0]!.id });
        try {
          expect((await late.next(isReady)).id).toBe(readies[0]!.id);
          expect(late.messages.map((m) => m.type)).toEqual(['ready']);
        } finally {
          await late.close();
        }
      }
      await slow.commit();
      const logged = (await loggedChangesIn(db)).filter((change) =>
        [person.id, quick.id].includes(change.registration_id),
      );
      expect(logged.map((change) => [change.type, change.registration_id])).toEqual([
        ['created', person.id],
        ['updated', person.id],
        ['created', quick.id],
      ]);
      const [, held, after] = logged;
      expect(held!.seq).toBeLessThan(after!.seq);
      for (const panel of panels) {
        await panel.next((message) => message.id === after!.id);
        expect(changeIds(panel.messages)).toEqual([held!.id, after!.id]);
      }
    } finally {
      await slow.rollback();
      await Promise.all(panels.map((panel) => panel.close()));
    }
  });

  it('count the registration rate limit across instances', async () => {
    const address = '198.51.100.77';
    const answers = [];
    for (let i = 0; i < rateLimit + 3; i += 1) answers.push(await register(cluster.url, address));
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array<number>(rateLimit).fill(201),
      429,
      429,
      429,
    ]);
    // Round-robin: the count was shared by every instance, not kept by one.
    const servedBy = new Set(answers.map((answer) => answer.headers.get('x-upstream')));
    expect(servedBy.size).toBe(3);
    const limited = await answers.at(-1)!.json();
    expect(limited).toMatchObject({ error: { code: 'rate_limited' } });
  });

  it('close a session’s streams on every instance when it logs out on one', async () => {
    const { email, password } = await createTestAdmin(db.kysely);
    const [a, b, c] = cluster.nodes as [ChildServer, ChildServer, ChildServer];
    const session = await logIn(a.url, email, password);
    const streams = await Promise.all([b, c].map((node) => openLiveStream(node.url, session)));
    const bystander = await openLiveStream(b.url, cookie);
    try {
      await Promise.all([...streams, bystander].map((stream) => stream.next(isReady)));
      const logout = await fetch(a.url + api.adminLogout, {
        method: 'POST',
        headers: { cookie: session, origin: cluster.url },
      });
      expect(logout.status).toBe(204);
      // Well within the first heartbeat: the other instances were told.
      await Promise.all(streams.map((stream) => stream.end((heartbeatSeconds * 1000) / 4)));
      expect(bystander.ended()).toBe(false);
      expect((await fetch(b.url + api.adminMe, { headers: { cookie: session } })).status).toBe(401);
    } finally {
      await Promise.all([...streams, bystander].map((stream) => stream.close()));
    }
  });

  it(
    'lose nothing when an instance is killed in the middle of a burst: every 201 stored, every change on every panel',
    { timeout: 120_000 },
    async () => {
      // Six panels through the proxy: round-robin puts two on each instance.
      const panels = [];
      for (let i = 0; i < 6; i += 1)
        panels.push(await openReconnectingLiveStream(cluster.url, cookie));
      try {
        const readies = await Promise.all(panels.map((panel) => panel.next(isReady)));
        const victim = cluster.nodeAt(panels[0]!.connections[0]!.upstream)!;
        expect(victim).toBeDefined();
        const onVictim = panels.filter(
          (p) => cluster.nodeAt(p.connections[0]!.upstream) === victim,
        );
        expect(onVictim.length).toBeGreaterThan(0);

        const answered: Registration[] = [];
        let killed = false;
        await runPool(Array.from({ length: 300 }), 20, async () => {
          let response;
          try {
            response = await register();
          } catch {
            return; // no answer: no promise made
          }
          if (response.status === 201) {
            answered.push((await response.json()) as Registration);
            if (answered.length === 80 && !killed) {
              killed = true;
              victim.process.kill('SIGKILL');
            }
          } else {
            // The proxy's 502 for requests cut with the instance: no promise made either.
            expect(response.status).toBe(502);
            await response.arrayBuffer();
          }
        });
        expect((await victim.exited).signal).toBe('SIGKILL');
        expect(answered.length).toBeGreaterThan(250);

        const stored = await db.kysely
          .selectFrom('registrations')
          .selectAll()
          .where(
            'id',
            'in',
            answered.map((r) => r.id),
          )
          .execute();
        expect(stored).toHaveLength(answered.length);

        // Every panel has every change logged since it started, once and in order: those cut
        // with the victim reconnected through the proxy, from their Last-Event-ID, elsewhere.
        for (const [i, panel] of panels.entries()) {
          const logged = await loggedIdsAfter(readies[i]!.id);
          await panel.next((message) => message.id === logged.at(-1), 20_000);
          expect(changeIds(panel.messages())).toEqual(logged);
        }
        for (const panel of onVictim) {
          expect(panel.connections.length).toBeGreaterThanOrEqual(2);
          const [first, second] = panel.connections as [
            (typeof panel.connections)[0],
            (typeof panel.connections)[0],
          ];
          const lastBeforeCut = first.reader.messages.findLast((m) => m.id !== undefined)!.id;
          expect(second.lastEventId).toBe(lastBeforeCut);
          expect(cluster.nodeAt(second.upstream)).not.toBe(victim);
          // Resumed, not reloaded.
          expect(panel.messages().some((m) => m.type === 'reset')).toBe(false);
        }
      } finally {
        await Promise.all(panels.map((panel) => panel.close()));
      }
    },
  );
});
