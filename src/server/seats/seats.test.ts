// Seats and the waiting list (issue 19, decision 0130), on a real server over HTTP, on SQLite and
// on PostgreSQL (one instance, and three sharing the database): the capacity and the admission
// as settings; no confirmation of any kind (single, bulk, automatic on arrival, a restore) ever
// takes the confirmed count past the capacity, however many race; a full event's new
// registrations join the waiting list; a cancellation frees the seat for the oldest waitlisted
// person, once; the cancelled ticket is refused at the door. Each test runs in an edition of its
// own ('Nova edição'), so its counts start at zero.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors, errorTable } from '../../shared/api-error.ts';
import { auditEntrySchema } from '../../shared/audit.schema.ts';
import { eventFieldMessages } from '../../shared/event-fields.ts';
import { eventSettingsSchema, type EventSettings } from '../../shared/event-settings.schema.ts';
import { bulkConfirmResultSchema } from '../../shared/message.schema.ts';
import { api, withCode, withId } from '../../shared/paths.ts';
import { registrationSchema, type Registration } from '../../shared/registration.schema.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { openDatabase } from '../db/database.ts';
import { emailKey } from '../email-key.ts';
import { postCheckIn } from '#test/api/door.ts';
import { olderDatabase } from '#test/databases/older-database.ts';
import { sendingEnv } from '#test/stand-ins/graph-api.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

const databases: TempPostgres[] = [];
const dir = mkdtempSync(join(tmpdir(), 'inscricoes-seats-'));
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await Promise.all(databases.map((database) => database.drop()));
});

/** The last migration of the release before seats: what an upgraded database has run. */
const previousRelease = '2026-11-26T40-create-setup-tokens';

let editionDay = 0;

describe.each([['SQLite'], ['PostgreSQL']] as const)('on %s', (engine) => {
  let server: TestServer;
  let admin: TestSession;
  let door: TestSession;
  let smtp: TestSmtp;
  let env: Record<string, string>;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    env = sendingEnv({ smtp: smtp.url });
    if (engine === 'PostgreSQL') {
      const database = await createTempPostgres();
      databases.push(database);
      env = { ...env, DATABASE_URL: database.url };
    }
    server = await startTestServer(env);
    admin = await startSession(server.app.db.kysely);
    door = await startSession(server.app.db.kysely, { role: 'door' });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const asAdmin = (path: string, init: RequestInit & { json?: unknown } = {}, base = server) =>
    base.request(path, { ...init, headers: { cookie: admin.cookie, ...init.headers } });

  /** A new current edition with these seat settings: every count starts at zero. */
  async function edition(seats: Partial<EventSettings>): Promise<EventSettings> {
    editionDay += 1;
    const date = `2027-01-${String(editionDay).padStart(2, '0')}`;
    const created = await asAdmin(api.adminEditions, {
      method: 'POST',
      json: { date, name: `Edição ${date}` },
    });
    expect(created.status).toBe(201);
    const current = eventSettingsSchema.parse(await (await asAdmin(api.adminEvent)).json());
    const saved = await asAdmin(api.adminEvent, { method: 'PUT', json: { ...current, ...seats } });
    expect(saved.status).toBe(200);
    return eventSettingsSchema.parse(await saved.json());
  }

  async function register(base = server): Promise<Registration> {
    const response = await base.request(api.registrations, {
      method: 'POST',
      json: validRegistration(),
    });
    expect(response.status).toBe(201);
    return registrationSchema.parse(await response.json());
  }

  function confirm(id: string, base = server) {
    return asAdmin(withId(api.adminConfirm, id), { method: 'POST' }, base);
  }

  async function registration(id: string): Promise<Registration> {
    const list = registrationSchema
      .array()
      .parse(await (await asAdmin(api.adminRegistrations)).json());
    const found = list.find((r) => r.id === id);
    if (!found) throw new Error(`registration ${id} not listed`);
    return found;
  }

  async function statusCounts(): Promise<Record<string, number>> {
    const list = registrationSchema
      .array()
      .parse(await (await asAdmin(api.adminRegistrations)).json());
    const counts: Record<string, number> = {};
    for (const r of list) counts[r.status] = (counts[r.status] ?? 0) + 1;
    return counts;
  }

  it('keeps the capacity and the admission as settings, with a pt-BR message for a bad one', async () => {
    const saved = await edition({ capacity: 120, admission: 'automatic' });
    expect(saved).toMatchObject({ capacity: 120, admission: 'automatic' });
    const unlimited = await edition({ capacity: null, admission: 'approval' });
    expect(unlimited).toMatchObject({ capacity: null, admission: 'approval' });
    const current = eventSettingsSchema.parse(await (await asAdmin(api.adminEvent)).json());
    for (const [capacity, field] of [
      [0, 'capacity'],
      [1.5, 'capacity'],
      ['50', 'capacity'],
    ] as const) {
      const refused = await asAdmin(api.adminEvent, {
        method: 'PUT',
        json: { ...current, capacity },
      });
      expect(refused.status).toBe(400);
      expect((await refused.json()).error.fields).toEqual({ [field]: eventFieldMessages.capacity });
    }
    const badMode = await asAdmin(api.adminEvent, {
      method: 'PUT',
      json: { ...current, admission: 'sorteio' },
    });
    expect((await badMode.json()).error.fields).toEqual({
      admission: eventFieldMessages.admission,
    });
  });

  it('refuses a confirmation past the capacity with capacity_reached, and waitlists new registrations once full', async () => {
    await edition({ capacity: 2, admission: 'approval' });
    const [a, b, c] = [await register(), await register(), await register()];
    expect([a.status, b.status, c.status]).toEqual(['pending', 'pending', 'pending']);
    expect((await confirm(a.id)).status).toBe(200);
    expect((await confirm(b.id)).status).toBe(200);
    // Repeating a confirmation stays harmless when full.
    expect((await confirm(b.id)).status).toBe(200);
    const refused = await confirm(c.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: { code: 'capacity_reached', message: 'Evento lotado: não há mais vagas.' },
    });
    expect((await registration(c.id)).status).toBe('pending');
    expect(apiErrors.capacityReached).toBe('Evento lotado: não há mais vagas.');

    const late = await register();
    expect(late.status).toBe('waitlisted');
    const bulk = await asAdmin(api.adminBulkConfirm, {
      method: 'POST',
      json: { ids: [c.id, late.id, a.id, crypto.randomUUID()] },
    });
    expect(bulk.status).toBe(200);
    expect(bulkConfirmResultSchema.parse(await bulk.json())).toEqual({
      confirmed: 0,
      already_confirmed: 1,
      not_found: 1,
      past_edition: 0,
      capacity_reached: 2,
      cancelled: 0,
    });
    expect(await statusCounts()).toEqual({ confirmed: 2, pending: 1, waitlisted: 1 });
  });

  it('never confirms past the capacity when 200 confirmations race for 50 seats, single and bulk', async () => {
    await edition({ capacity: 50, admission: 'approval' });
    const people: Registration[] = [];
    for (let i = 0; i < 200; i += 20) {
      people.push(...(await Promise.all(Array.from({ length: 20 }, () => register()))));
    }
    const answers = await Promise.all(people.map((person) => confirm(person.id)));
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(50);
    expect(statuses.filter((status) => status === 409)).toHaveLength(150);
    for (const response of answers.filter((r) => r.status === 409)) {
      expect((await response.json()).error.code).toBe(errorTable.capacityReached.code);
    }
    expect(await statusCounts()).toEqual({ confirmed: 50, pending: 150 });

    // Bulk confirmations racing each other, on a second edition.
    await edition({ capacity: 50, admission: 'approval' });
    const others: Registration[] = [];
    for (let i = 0; i < 200; i += 20) {
      others.push(...(await Promise.all(Array.from({ length: 20 }, () => register()))));
    }
    const ids = others.map((person) => person.id);
    const results = await Promise.all(
      [ids, [...ids].reverse(), ids.slice(100), ids.slice(0, 100)].map(async (batch) => {
        const response = await asAdmin(api.adminBulkConfirm, {
          method: 'POST',
          json: { ids: batch },
        });
        expect(response.status).toBe(200);
        return bulkConfirmResultSchema.parse(await response.json());
      }),
    );
    expect(results.reduce((sum, result) => sum + result.confirmed, 0)).toBe(50);
    expect(await statusCounts()).toEqual({ confirmed: 50, pending: 150 });
  });

  it('admits automatically in arrival order: 100 seats, 130 racing registrations → 100 confirmed with their tickets, 30 waitlisted', async () => {
    await edition({ capacity: 100, admission: 'automatic' });
    const answered = await Promise.all(Array.from({ length: 130 }, () => register()));
    expect(answered.filter((r) => r.status === 'confirmed')).toHaveLength(100);
    expect(answered.filter((r) => r.status === 'waitlisted')).toHaveLength(30);
    for (const r of answered) {
      expect(r.ticket_code === null).toBe(r.status === 'waitlisted');
    }
    // Arrival order: nobody waitlisted arrived before someone confirmed.
    const list = registrationSchema
      .array()
      .parse(await (await asAdmin(api.adminRegistrations)).json());
    const lastConfirmed = list
      .filter((r) => r.status === 'confirmed')
      .map((r) => r.created_at)
      .sort()
      .at(-1)!;
    for (const r of list.filter((r) => r.status === 'waitlisted')) {
      expect(r.created_at >= lastConfirmed).toBe(true);
    }
    // The confirmed got the ticket's message, the waitlisted the waiting list's.
    const kinds = await server.app.db.kysely
      .selectFrom('messages')
      .innerJoin('registrations', 'registrations.id', 'messages.registration_id')
      .select(['registrations.status', 'messages.kind'])
      .where(
        'registrations.id',
        'in',
        answered.map((r) => r.id),
      )
      .execute();
    expect(kinds.filter((m) => m.status === 'confirmed').every((m) => m.kind === 'ticket')).toBe(
      true,
    );
    expect(kinds.filter((m) => m.status === 'waitlisted').every((m) => m.kind === 'received')).toBe(
      true,
    );
    expect(kinds).toHaveLength(130);
  });

  it('gives no seat to a duplicate e-mail arriving with others (automatic)', async () => {
    await edition({ capacity: 2, admission: 'automatic' });
    const taken = validRegistration();
    expect((await server.request(api.registrations, { method: 'POST', json: taken })).status).toBe(
      201,
    );
    const again = validRegistration({ email: taken.email });
    const twice = validRegistration();
    const answers = await Promise.all(
      [again, twice, { ...twice }, validRegistration(), validRegistration()].map((body) =>
        server.request(api.registrations, { method: 'POST', json: body }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409]);
    // Two seats: the first registration and one of the three new people; the others wait.
    expect(await statusCounts()).toEqual({ confirmed: 2, waitlisted: 2 });
  });

  it('gives a cancelled seat to the oldest waitlisted person once, confirmed with one ticket (automatic); the cancelled ticket is refused at the door', async () => {
    await edition({ capacity: 2, admission: 'automatic' });
    const first = await register();
    const second = await register();
    const oldestWaiting = await register();
    const nextWaiting = await register();
    expect([first, second, oldestWaiting, nextWaiting].map((r) => r.status)).toEqual([
      'confirmed',
      'confirmed',
      'waitlisted',
      'waitlisted',
    ]);

    const cancelled = await asAdmin(withId(api.adminCancel, first.id), { method: 'POST' });
    expect(cancelled.status).toBe(200);
    expect(registrationSchema.parse(await cancelled.json()).status).toBe('cancelled');
    const promoted = await registration(oldestWaiting.id);
    expect(promoted.status).toBe('confirmed');
    expect(promoted.ticket_code).toEqual(expect.any(String));
    expect((await registration(nextWaiting.id)).status).toBe('waitlisted');

    // Once: a second cancellation changes nothing, and nobody else moves.
    const again = await asAdmin(withId(api.adminCancel, first.id), { method: 'POST' });
    expect(again.status).toBe(200);
    expect((await registration(nextWaiting.id)).status).toBe('waitlisted');
    const tickets = await server.app.db.kysely
      .selectFrom('messages')
      .select(['registration_id', 'kind'])
      .where('registration_id', 'in', [first.id, oldestWaiting.id])
      .execute();
    expect(
      tickets.filter((m) => m.registration_id === oldestWaiting.id && m.kind === 'ticket'),
    ).toHaveLength(1);
    expect(
      tickets.filter((m) => m.registration_id === first.id && m.kind === 'cancelled'),
    ).toHaveLength(1);

    // The cancelled ticket opens nothing, and the door says why.
    expect((await server.request(withCode(api.ticket, first.ticket_code!))).status).toBe(404);
    const atDoor = await postCheckIn(server, door.cookie, { code: first.ticket_code });
    expect(atDoor.status).toBe(409);
    expect(await atDoor.json()).toEqual({
      error: { code: 'cancelled', message: 'Inscrição cancelada.' },
    });

    // The history says who did what.
    const trail = auditEntrySchema
      .array()
      .parse(await (await asAdmin(withId(api.adminAudit, oldestWaiting.id))).json());
    expect(trail.map((entry) => [entry.action, entry.actor])).toEqual([['promoted', null]]);

    // Restoring takes a seat: none is left now.
    const full = await asAdmin(withId(api.adminRestore, first.id), { method: 'POST' });
    expect(full.status).toBe(409);
    expect((await full.json()).error.code).toBe('capacity_reached');
    await asAdmin(withId(api.adminCancel, second.id), { method: 'POST' });
    // The freed seat went to the next waitlisted person: still none for the restore.
    expect((await registration(nextWaiting.id)).status).toBe('confirmed');
    expect((await asAdmin(withId(api.adminRestore, first.id), { method: 'POST' })).status).toBe(
      409,
    );
  });

  it('gives an erased confirmed person’s seat to the waiting list (automatic)', async () => {
    await edition({ capacity: 1, admission: 'automatic' });
    const seated = await register();
    const waiting = await register();
    expect([seated.status, waiting.status]).toEqual(['confirmed', 'waitlisted']);
    const erased = await asAdmin(withId(api.adminRegistration, seated.id), { method: 'DELETE' });
    expect(erased.status).toBe(204);
    const promoted = await registration(waiting.id);
    expect(promoted.status).toBe('confirmed');
    expect(promoted.ticket_code).toEqual(expect.any(String));
  });

  it('moves the oldest waitlisted person back to pending in approval mode, the seat held for them; a restore takes only a seat nobody was offered', async () => {
    await edition({ capacity: 1, admission: 'approval' });
    const seated = await register();
    expect((await confirm(seated.id)).status).toBe(200);
    const waiting = await register();
    const later = await register();
    expect([waiting.status, later.status]).toEqual(['waitlisted', 'waitlisted']);

    await asAdmin(withId(api.adminCancel, seated.id), { method: 'POST' });
    const moved = await registration(waiting.id);
    expect(moved.status).toBe('pending');
    expect(moved.promoted_at).toEqual(expect.any(String));
    expect((await registration(later.id)).status).toBe('waitlisted');
    // A later arrival does not get ahead of the one still waiting, though a seat looks free.
    const newcomer = await register();
    expect(newcomer.status).toBe('waitlisted');

    // The freed seat is offered to the person moved off the list: a restore does not take it
    // from them (decision 0160).
    const offered = await asAdmin(withId(api.adminRestore, seated.id), { method: 'POST' });
    expect(offered.status).toBe(409);
    expect((await offered.json()).error.code).toBe('capacity_reached');

    // Raising the capacity gives the new seats to the waiting list at once.
    const current = eventSettingsSchema.parse(await (await asAdmin(api.adminEvent)).json());
    await asAdmin(api.adminEvent, { method: 'PUT', json: { ...current, capacity: 3 } });
    expect((await registration(later.id)).status).toBe('pending');
    expect((await registration(newcomer.id)).status).toBe('pending');

    // A seat nobody waits for: the restore takes it, the ticket code as it was.
    await asAdmin(api.adminEvent, { method: 'PUT', json: { ...current, capacity: 4 } });
    const restored = await asAdmin(withId(api.adminRestore, seated.id), { method: 'POST' });
    expect(restored.status).toBe(200);
    const back = registrationSchema.parse(await restored.json());
    expect(back.status).toBe('confirmed');
    expect(back.ticket_code).toBe((await registration(seated.id)).ticket_code);
    const notCancelled = await asAdmin(withId(api.adminRestore, seated.id), { method: 'POST' });
    expect((await notCancelled.json()).error.code).toBe('not_cancelled');
    // Each offered seat is there for its person.
    for (const person of [waiting, later, newcomer]) {
      expect((await confirm(person.id)).status).toBe(200);
    }
    expect(await statusCounts()).toEqual({ confirmed: 4 });
  });

  it('offers one freed seat to one waiting person only, whatever looks for free seats again (approval)', async () => {
    await edition({ capacity: 2, admission: 'approval' });
    const [first, second] = [await register(), await register()];
    for (const person of [first, second]) expect((await confirm(person.id)).status).toBe(200);
    const waiting = [await register(), await register(), await register(), await register()];
    expect(waiting.map((r) => r.status)).toEqual(Array.from({ length: 4 }, () => 'waitlisted'));

    await asAdmin(withId(api.adminCancel, first.id), { method: 'POST' });
    expect((await registration(waiting[0]!.id)).status).toBe('pending');
    // An erasure (the organizer's, or the hourly retention's) and a save of the seat settings
    // each look for free seats: the one freed is offered already.
    const erased = await asAdmin(withId(api.adminRegistration, waiting[3]!.id), {
      method: 'DELETE',
    });
    expect(erased.status).toBe(204);
    const current = eventSettingsSchema.parse(await (await asAdmin(api.adminEvent)).json());
    for (const capacity of [1, 2]) {
      await asAdmin(api.adminEvent, { method: 'PUT', json: { ...current, capacity } });
    }
    expect((await registration(waiting[1]!.id)).status).toBe('waitlisted');
    expect((await registration(waiting[2]!.id)).status).toBe('waitlisted');
    expect((await register()).status).toBe('waitlisted');
    // The one offered the seat gets it.
    expect((await confirm(waiting[0]!.id)).status).toBe(200);
    expect(await statusCounts()).toEqual({ cancelled: 1, confirmed: 2, waitlisted: 3 });
  });

  it('gives the seat offered to a promoted person who cancels, or is erased, to the next one waiting (approval)', async () => {
    await edition({ capacity: 1, admission: 'approval' });
    const seated = await register();
    expect((await confirm(seated.id)).status).toBe(200);
    const [first, second, third] = [await register(), await register(), await register()];
    await asAdmin(withId(api.adminCancel, seated.id), { method: 'POST' });
    expect((await registration(first.id)).status).toBe('pending');

    // Offered the seat, the first cannot come: the second is offered it.
    const cancelled = await asAdmin(withId(api.adminCancel, first.id), { method: 'POST' });
    expect(cancelled.status).toBe(200);
    const next = await registration(second.id);
    expect(next.status).toBe('pending');
    expect(next.promoted_at).toEqual(expect.any(String));
    expect((await registration(third.id)).status).toBe('waitlisted');

    // Erased while offered the seat: the third is offered it.
    const erased = await asAdmin(withId(api.adminRegistration, second.id), { method: 'DELETE' });
    expect(erased.status).toBe(204);
    expect((await registration(third.id)).status).toBe('pending');
    expect((await register()).status).toBe('waitlisted');
    expect((await confirm(third.id)).status).toBe(200);
  });

  it.runIf(engine === 'PostgreSQL')(
    'gives a seat freed while a new registration was being waitlisted to the waiting list (approval)',
    async () => {
      await edition({ capacity: 1, admission: 'approval' });
      const seated = await register();
      expect((await confirm(seated.id)).status).toBe(200);
      const { kysely } = server.app.db;
      const currentEdition = await kysely
        .selectFrom('events')
        .select('id')
        .where('is_current', '=', 1)
        .executeTakeFirstOrThrow();
      const body = validRegistration();
      // The grouped insert decides `waitlisted` from its snapshot (the seat is taken), then waits:
      // a row with the same e-mail, not yet committed, holds it at its ON CONFLICT. Meanwhile the
      // seat is cancelled, and given to a waiting list the new row is not yet on.
      let release!: () => void;
      let held!: () => void;
      const holding = new Promise<void>((resolve) => (held = resolve));
      const blocker = kysely
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto('registrations')
            .values({
              id: randomUUID(),
              nome_completo: 'Ainda não',
              whatsapp: body.whatsapp,
              email: body.email,
              email_key: emailKey(body.email),
              nome_compania: 'X',
              status: 'pending',
              created_at: new Date().toISOString(),
              event_id: currentEdition.id,
            })
            .execute();
          held();
          await new Promise<void>((resolve) => (release = resolve));
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await holding;
      const arriving = server.request(api.registrations, { method: 'POST', json: body });
      await expect
        .poll(async () => {
          const { rows } = await sql<{ n: string }>`
            select count(*) as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`.execute(kysely);
          return Number(rows[0]!.n);
        })
        .toBe(1);
      expect((await asAdmin(withId(api.adminCancel, seated.id), { method: 'POST' })).status).toBe(
        200,
      );
      release();
      await blocker;
      const answered = await arriving;
      expect(answered.status).toBe(201);
      const newcomer = registrationSchema.parse(await answered.json());
      // Stored waitlisted, then offered the free seat once its group had committed.
      const now = await registration(newcomer.id);
      expect(now.status).toBe('pending');
      expect(now.promoted_at).toEqual(expect.any(String));
      expect(newcomer.status).toBe('pending');
      // And the next arrival waits behind them, not behind a free seat.
      expect((await register()).status).toBe('waitlisted');
      expect((await confirm(newcomer.id)).status).toBe(200);
    },
  );

  it('confirms the people offered a seat before anyone still waiting when admission turns automatic', async () => {
    await edition({ capacity: 1, admission: 'approval' });
    const seated = await register();
    expect((await confirm(seated.id)).status).toBe(200);
    const [first, second] = [await register(), await register()];
    await asAdmin(withId(api.adminCancel, seated.id), { method: 'POST' });
    expect((await registration(first.id)).status).toBe('pending');

    const current = eventSettingsSchema.parse(await (await asAdmin(api.adminEvent)).json());
    const saved = await asAdmin(api.adminEvent, {
      method: 'PUT',
      json: { ...current, admission: 'automatic' },
    });
    expect(saved.status).toBe(200);
    const confirmed = await registration(first.id);
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.ticket_code).toEqual(expect.any(String));
    expect((await registration(second.id)).status).toBe('waitlisted');
    // Confirmed by the server, as automatic admission confirms: its ticket queued, no account.
    const trail = auditEntrySchema
      .array()
      .parse(await (await asAdmin(withId(api.adminAudit, first.id))).json());
    expect(trail.map((entry) => [entry.action, entry.actor])).toEqual([
      ['promoted', null],
      ['confirmed', null],
    ]);
    const tickets = await server.app.db.kysely
      .selectFrom('messages')
      .select('kind')
      .where('registration_id', '=', first.id)
      .where('kind', '=', 'ticket')
      .execute();
    expect(tickets).toHaveLength(1);
  });

  if (engine === 'PostgreSQL') {
    /**
     * Runs `request` while another connection holds the waiting person's row, so its promotion
     * waits there, and hands `committed` a connection that reads what is committed meanwhile (what
     * a crash at that point would leave); then lets the request finish and returns its answer.
     */
    async function withWaitingRowHeld(
      waitingId: string,
      request: () => Promise<Response>,
      committed: (reader: pg.Client) => Promise<void>,
    ): Promise<Response> {
      const holder = new pg.Client({ connectionString: env.DATABASE_URL });
      await holder.connect();
      const reader = new pg.Client({ connectionString: env.DATABASE_URL });
      await reader.connect();
      try {
        await holder.query('begin');
        await holder.query('select id from registrations where id = $1 for update', [waitingId]);
        const answer = request();
        const blocked = async () => {
          const { rows } = await reader.query<{ n: string }>(
            `select count(*) as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
              where not l.granted and a.datname = current_database()`,
          );
          return Number(rows[0]!.n);
        };
        await expect.poll(blocked, { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
        await committed(reader);
        await holder.query('commit');
        return await answer;
      } finally {
        await holder.end();
        await reader.end();
      }
    }

    it('gives the seats a larger capacity frees to the waiting list in the saving transaction: never saved with a free seat and someone waiting', async () => {
      await edition({ capacity: 1, admission: 'approval' });
      const seated = await register();
      expect((await confirm(seated.id)).status).toBe(200);
      const waiting = await register();
      expect(waiting.status).toBe('waitlisted');
      const current = eventSettingsSchema.parse(await (await asAdmin(api.adminEvent)).json());
      // What is committed while the promotion waits must not be a seat left free next to someone
      // waiting (every later arrival would be waitlisted too).
      const saved = await withWaitingRowHeld(
        waiting.id,
        () => asAdmin(api.adminEvent, { method: 'PUT', json: { ...current, capacity: 2 } }),
        async (reader) => {
          const { rows } = await reader.query<{ capacity: string | null; status: string }>(
            `select e.settings::json ->> 'capacity' as capacity, r.status
               from events e join registrations r on r.event_id = e.id
              where e.is_current = 1 and r.id = $1`,
            [waiting.id],
          );
          expect(rows).toEqual([{ capacity: '1', status: 'waitlisted' }]);
        },
      );
      expect(saved.status).toBe(200);
      const offered = await registration(waiting.id);
      expect(offered.status).toBe('pending');
      expect(offered.promoted_at).toEqual(expect.any(String));
    });

    it('gives the seat an erasure frees to the waiting list in the erasing transaction', async () => {
      await edition({ capacity: 1, admission: 'automatic' });
      const seated = await register();
      expect(seated.status).toBe('confirmed');
      const waiting = await register();
      expect(waiting.status).toBe('waitlisted');
      // What is committed while the promotion waits must not be the erasure alone (a crash there
      // left the seat free, the person waiting).
      const erased = await withWaitingRowHeld(
        waiting.id,
        () => asAdmin(withId(api.adminRegistration, seated.id), { method: 'DELETE' }),
        async (reader) => {
          const { rows } = await reader.query<{ id: string; status: string }>(
            'select id, status from registrations where id in ($1, $2) order by status',
            [seated.id, waiting.id],
          );
          expect(rows).toEqual([
            { id: seated.id, status: 'confirmed' },
            { id: waiting.id, status: 'waitlisted' },
          ]);
        },
      );
      expect(erased.status).toBe(204);
      expect((await registration(waiting.id)).status).toBe('confirmed');
    });
  }
});

describe('three instances on one PostgreSQL database', () => {
  let database: TempPostgres;
  let servers: TestServer[] = [];
  let cookie: string;

  beforeAll(async () => {
    // Empty: the first start runs the migrations, the others find them done.
    database = await createTempPostgres({ empty: true });
    databases.push(database);
    // One after the other: the first runs the migrations.
    for (let i = 0; i < 3; i += 1) {
      servers.push(await startTestServer({ DATABASE_URL: database.url }));
    }
    ({ cookie } = await startSession(servers[0]!.app.db.kysely));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    servers = [];
  });

  it('confirm exactly 50 of 200 racing confirmations (single and bulk) spread over the three', async () => {
    const [first] = servers;
    const current = eventSettingsSchema.parse(
      await (await first!.request(api.adminEvent, { headers: { cookie } })).json(),
    );
    const saved = await first!.request(api.adminEvent, {
      method: 'PUT',
      headers: { cookie },
      json: { ...current, capacity: 50 },
    });
    expect(saved.status).toBe(200);
    const people: string[] = [];
    for (let i = 0; i < 200; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, async (_, j) => {
          const response = await servers[j % 3]!.request(api.registrations, {
            method: 'POST',
            json: validRegistration(),
          });
          expect(response.status).toBe(201);
          return registrationSchema.parse(await response.json()).id;
        }),
      );
      people.push(...batch);
    }
    const singles = people.slice(0, 150);
    const bulk = people.slice(150);
    const [answers, bulkResults] = await Promise.all([
      Promise.all(
        singles.map((id, i) =>
          servers[i % 3]!.request(withId(api.adminConfirm, id), {
            method: 'POST',
            headers: { cookie },
          }),
        ),
      ),
      Promise.all(
        [bulk, [...bulk].reverse(), bulk].map(async (ids, i) => {
          const response = await servers[i]!.request(api.adminBulkConfirm, {
            method: 'POST',
            headers: { cookie },
            json: { ids },
          });
          expect(response.status).toBe(200);
          return bulkConfirmResultSchema.parse(await response.json());
        }),
      ),
    ]);
    const singleConfirmed = answers.filter((response) => response.status === 200).length;
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const bulkConfirmed = bulkResults.reduce((sum, result) => sum + result.confirmed, 0);
    expect(singleConfirmed + bulkConfirmed).toBe(50);
    const { count } = await first!.app.db.kysely
      .selectFrom('registrations')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('status', '=', 'confirmed')
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(50);
  });

  it('admit exactly 100 of 130 racing registrations spread over the three, automatically', async () => {
    const [first] = servers;
    const created = await first!.request(api.adminEditions, {
      method: 'POST',
      headers: { cookie },
      json: { date: '2027-02-02', name: 'Edição de fevereiro' },
    });
    expect(created.status).toBe(201);
    const current = eventSettingsSchema.parse(
      await (await first!.request(api.adminEvent, { headers: { cookie } })).json(),
    );
    await first!.request(api.adminEvent, {
      method: 'PUT',
      headers: { cookie },
      json: { ...current, capacity: 100, admission: 'automatic' },
    });
    // Every instance has heard of the new edition and its settings (NOTIFY).
    await expect
      .poll(() => servers.every((s) => s.app.editions.current().settings.admission === 'automatic'))
      .toBe(true);
    const answers = await Promise.all(
      Array.from({ length: 130 }, async (_, i) => {
        const response = await servers[i % 3]!.request(api.registrations, {
          method: 'POST',
          json: validRegistration(),
        });
        expect(response.status).toBe(201);
        return registrationSchema.parse(await response.json());
      }),
    );
    expect(answers.filter((r) => r.status === 'confirmed')).toHaveLength(100);
    expect(answers.filter((r) => r.status === 'waitlisted')).toHaveLength(30);
    const rows = await first!.app.db.kysely
      .selectFrom('registrations')
      .innerJoin('events', 'events.id', 'registrations.event_id')
      .select(['registrations.status', 'registrations.created_at'])
      .where('events.is_current', '=', 1)
      .execute();
    expect(rows.filter((r) => r.status === 'confirmed')).toHaveLength(100);
    const lastConfirmed = rows
      .filter((r) => r.status === 'confirmed')
      .map((r) => r.created_at)
      .sort()
      .at(-1)!;
    for (const r of rows.filter((r) => r.status === 'waitlisted')) {
      expect(r.created_at >= lastConfirmed).toBe(true);
    }
  });
});

describe.each([['SQLite'], ['PostgreSQL']] as const)(
  'a database written by the release before seats, on %s',
  (engine) => {
    it('gives every registration its own token, and keeps the event without a limit, by approval', async () => {
      const { url, old } = await olderDatabase(engine, previousRelease, {
        dir,
        created: databases,
      });
      const edition = await old.selectFrom('events').select('id').executeTakeFirstOrThrow();
      const now = new Date().toISOString();
      await old
        .insertInto('registrations')
        .values(
          Array.from({ length: 5 }, (_, i) => ({
            id: randomUUID(),
            nome_completo: `Pessoa ${i}`,
            whatsapp: '+15085551234',
            email: `pessoa.${i}@exemplo.com`,
            email_key: `pessoa.${i}@exemplo.com`,
            nome_compania: 'Antiga',
            status: 'pending',
            created_at: now,
            event_id: edition.id,
          })),
        )
        .execute();
      await old.destroy();
      const db = await openDatabase(url);
      try {
        const rows = await db.kysely
          .selectFrom('registrations')
          .select(['personal_token', 'promoted_at', 'status'])
          .execute();
        expect(rows).toHaveLength(5);
        for (const row of rows) {
          expect(row.personal_token).toMatch(/^[A-Za-z0-9_-]{22}$/);
          expect(row.promoted_at).toBeNull();
        }
        expect(new Set(rows.map((row) => row.personal_token)).size).toBe(5);
      } finally {
        await db.close();
      }
      // The settings saved before the seats existed read no limit, and approval.
      const server = await startTestServer(engine === 'SQLite' ? {} : { DATABASE_URL: url }, {
        ...(engine === 'SQLite' ? { dbFile: url.slice('file:'.length) } : {}),
      });
      try {
        const { cookie } = await startSession(server.app.db.kysely);
        const settings = eventSettingsSchema.parse(
          await (await server.request(api.adminEvent, { headers: { cookie } })).json(),
        );
        expect(settings).toMatchObject({ capacity: null, admission: 'approval' });
      } finally {
        await server.close();
      }
    });
  },
);
