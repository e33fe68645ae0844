// Data kept only as long as promised: the retention job erases registrations `retentionDays`
// after the event, or after they were made when that is later, at every start and hourly, with
// the guarantees of the organizer's own deletion (gone from the files, panels told, logged).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEvent } from '../../shared/event.ts';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { api } from '../../shared/paths.ts';
import type { Registration } from '../../shared/registration.schema.ts';
import { servedRegistration, validRegistration } from '#test/builders/registrations.ts';
import { openDatabase } from '../db/database.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { filesHolding } from '#test/databases/sqlite-files.ts';
import {
  changesDuring,
  register,
  seedRegistrations,
  startTestServer,
  type TestServer,
} from '#test/servers/test-server.ts';
import { startSession } from '#test/api/sessions.ts';
import { retentionJob } from './retention.job.ts';

const day = 24 * 60 * 60_000;
// An event long past, kept 30 days: what a registration made 31 days ago has outlived.
const pastEvent: EventSettings = { ...defaultEvent, date: '2024-05-04', retentionDays: 30 };

function madeDaysAgo(days: number, email: string): Registration {
  return servedRegistration(
    { created_at: new Date(Date.now() - days * day).toISOString() },
    validRegistration({ email, whatsapp: '+55 21 98765-4329' }),
  );
}

function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const erasures = () =>
    lines
      .map((line) => JSON.parse(line) as { msg: string; removed?: number })
      .filter((entry) => entry.msg === 'retention: registrations erased');
  return { stream, lines, erasures };
}

const ids = (registrations: readonly Registration[]) => registrations.map((r) => r.id).sort();

async function storedIds(server: TestServer): Promise<string[]> {
  const rows = await server.app.db.kysely.selectFrom('registrations').select('id').execute();
  return rows.map((row) => row.id).sort();
}

describe('at start, on SQLite', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'retention-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('erases, once started, what outlived its retention, leaving no trace in the files', async () => {
    const dbFile = join(dir, 'start.db');
    const expired = [31, 45, 400].map((days, i) => madeDaysAgo(days, `vencida.${i}@exemplo.com`));
    const kept = [0, 29].map((days, i) => madeDaysAgo(days, `mantida.${i}@exemplo.com`));
    const db = await openDatabase(`file:${dbFile}`);
    await seedRegistrations(db.kysely, [...expired, ...kept]);
    await db.close();
    expect(filesHolding(dbFile, 'vencida.0@exemplo.com')).not.toEqual([]);

    const log = logCapture();
    const server = await startTestServer(
      {},
      { dbFile, logStream: log.stream, config: { event: pastEvent } },
    );
    try {
      await expect.poll(() => log.erasures()).toEqual([expect.objectContaining({ removed: 3 })]);
      expect(await storedIds(server)).toEqual(ids(kept));
      for (const i of [0, 1, 2]) {
        expect(filesHolding(dbFile, `vencida.${i}@exemplo.com`)).toEqual([]);
      }
      expect(filesHolding(dbFile, 'mantida.0@exemplo.com')).not.toEqual([]);
      // Ids and counts only in the log.
      expect(log.lines.join('\n')).not.toMatch(/vencida|mantida/);
    } finally {
      await server.close();
    }
  });

  it('erases at once when the panel moves the date into the past, though the last run was seconds ago', async () => {
    const dbFile = join(dir, 'changed.db');
    const outlived = madeDaysAgo(40, 'quarenta.dias@exemplo.com');
    const db = await openDatabase(`file:${dbFile}`);
    await seedRegistrations(db.kysely, [outlived]);
    await db.close();

    // An event still to come, kept 90 days. The purge runs at start and erases nothing.
    const soon = new Date(Date.now() + 10 * day).toISOString().slice(0, 10);
    const log = logCapture();
    const server = await startTestServer(
      {},
      { dbFile, logStream: log.stream, config: { event: { ...pastEvent, date: soon } } },
    );
    try {
      // The start's run erased nothing, and said nothing.
      await server.app.jobs.idle();
      expect(log.erasures()).toEqual([]);
      // The organizer saves the event as past, with 30 days of retention.
      const admin = await startSession(server.app.db.kysely);
      const saved = await server.request(api.adminEvent, {
        method: 'PUT',
        headers: { cookie: admin.cookie },
        json: pastEvent,
      });
      expect(saved.status).toBe(200);
      await expect
        .poll(() => log.erasures().at(-1))
        .toEqual(expect.objectContaining({ removed: 1 }));
      expect(await storedIds(server)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('counts each edition from its own date: a past edition is erased, the current one kept', async () => {
    const server = await startTestServer({}, { config: { event: pastEvent } });
    try {
      // The start's run is over: what follows is a later run.
      await server.app.jobs.idle();
      const pastEdition = madeDaysAgo(40, 'edicao.passada@exemplo.com');
      await seedRegistrations(server.app.db.kysely, [pastEdition]);
      const admin = await startSession(server.app.db.kysely);
      // The next edition, a month from now: its registrations wait for its own date.
      const next = new Date(Date.now() + 30 * day).toISOString().slice(0, 10);
      const created = await server.request(api.adminEditions, {
        method: 'POST',
        headers: { cookie: admin.cookie },
        json: { date: next, name: 'Próxima edição' },
      });
      expect(created.status).toBe(201);
      const current = madeDaysAgo(40, 'edicao.atual@exemplo.com');
      await seedRegistrations(server.app.db.kysely, [current]);
      await retentionJob.run(server.app);
      expect(await storedIds(server)).toEqual([current.id]);
    } finally {
      await server.close();
    }
  });
});

describe.each([['SQLite'], ['PostgreSQL']])('the retention job on %s', (engine) => {
  let database: TempPostgres | undefined;
  beforeAll(async () => {
    if (engine === 'PostgreSQL') database = await createTempPostgres();
  });
  afterAll(async () => {
    await database?.drop();
  });

  async function serverFor(event: EventSettings) {
    const log = logCapture();
    const server = await startTestServer(database ? { DATABASE_URL: database.url } : {}, {
      logStream: log.stream,
      config: { event },
    });
    // The check at start is over: what follows is the job's next run.
    await server.app.jobs.idle();
    // One PostgreSQL database serves both tests: its event is the first start's until saved.
    const admin = await startSession(server.app.db.kysely);
    const saved = await server.request(api.adminEvent, {
      method: 'PUT',
      headers: { cookie: admin.cookie },
      json: event,
    });
    expect(saved.status).toBe(200);
    await server.app.jobs.idle();
    return { server, log };
  }

  it('erases registrations retentionDays after they were made, once the event’s have passed, telling every panel', async () => {
    const { server, log } = await serverFor(pastEvent);
    try {
      const expired = [
        madeDaysAgo(31, `a.${engine}@exemplo.com`),
        madeDaysAgo(90, `b.${engine}@exemplo.com`),
      ];
      const old = madeDaysAgo(29, `c.${engine}@exemplo.com`);
      await seedRegistrations(server.app.db.kysely, [...expired, old]);
      const fresh = await register(server);

      const changes = await changesDuring(server, () => retentionJob.run(server.app));
      expect(changes.map((c) => (c.type === 'deleted' ? c.id : c.type)).sort()).toEqual(
        ids(expired),
      );
      const stored = await storedIds(server);
      expect(stored).toEqual(expect.arrayContaining([old.id, fresh.id]));
      expect(stored).not.toEqual(expect.arrayContaining([expired[0]!.id]));
      expect(stored).not.toEqual(expect.arrayContaining([expired[1]!.id]));
      expect(log.erasures().at(-1)).toMatchObject({ removed: 2 });
    } finally {
      await server.close();
    }
  });

  it('gives no seat it frees to the waiting list: no ticket for an event long over', async () => {
    const { server } = await serverFor({ ...pastEvent, capacity: 1, admission: 'automatic' });
    try {
      // The seat was taken before the event; the one who waits came the day before it ended,
      // so their own retention runs a little longer than the confirmed person's.
      const seated = madeDaysAgo(31, `sentado.${engine}@exemplo.com`);
      const waiting = madeDaysAgo(29, `esperando.${engine}@exemplo.com`);
      await seedRegistrations(server.app.db.kysely, [
        { ...seated, status: 'confirmed', ticket_code: `codigo-sentado-${engine}` },
        { ...waiting, status: 'waitlisted' },
      ]);
      await retentionJob.run(server.app);
      const db = server.app.db.kysely;
      expect(
        await db.selectFrom('registrations').select('id').where('id', '=', seated.id).execute(),
      ).toEqual([]);
      const left = await db
        .selectFrom('registrations')
        .select(['status', 'ticket_code'])
        .where('id', '=', waiting.id)
        .executeTakeFirstOrThrow();
      expect(left).toEqual({ status: 'waitlisted', ticket_code: null });
      const queued = await db
        .selectFrom('messages')
        .select('kind')
        .where('registration_id', '=', waiting.id)
        .execute();
      expect(queued).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('erases nothing before the event’s own retention has ended, however old the registration', async () => {
    const soon = new Date(Date.now() + 10 * day).toISOString().slice(0, 10);
    const { server, log } = await serverFor({ ...pastEvent, date: soon });
    try {
      const old = madeDaysAgo(400, `d.${engine}@exemplo.com`);
      await seedRegistrations(server.app.db.kysely, [old]);
      await retentionJob.run(server.app);
      expect(await storedIds(server)).toContain(old.id);
      // Nothing erased, nothing logged: an hourly line saying 0 only hides the ones that matter.
      expect(log.erasures()).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
