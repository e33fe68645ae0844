// POST /api/door/check-ins and DELETE /api/door/check-ins/:id against the real server, on SQLite
// and on PostgreSQL: one person, once, whatever arrives at the same moment; a retry is the same
// answer and no second entry; an offline phone's scan time is kept; bad requests write nothing.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrors } from '../../shared/api-error.ts';
import { checkInResultSchema, type CheckInResult } from '../../shared/door.schema.ts';
import { api, withId } from '../../shared/paths.ts';
import { eventDayState, postCheckIn, registerConfirmed } from '#test/api/door.ts';
import { holdTransaction } from '#test/databases/held-transaction.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import {
  changesDuring,
  register,
  startTestServer,
  type TestServer,
} from '#test/servers/test-server.ts';

const isoUtc = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each([['SQLite'], ['PostgreSQL']])('check-ins on %s', (engine) => {
  let database: TempPostgres | undefined;
  let server: TestServer;
  let admin: TestSession;
  let door: TestSession;
  let otherDoor: TestSession;

  beforeAll(async () => {
    if (engine === 'PostgreSQL') database = await createTempPostgres();
    server = await startTestServer(database ? { DATABASE_URL: database.url } : {});
    admin = await startSession(server.app.db.kysely);
    door = await startSession(server.app.db.kysely, { role: 'door' });
    otherDoor = await startSession(server.app.db.kysely, { role: 'door' });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const confirmed = () => registerConfirmed(server, admin.cookie);
  const checkIn = (body: unknown, key?: string | null, session = door) =>
    postCheckIn(server, session.cookie, body, key);
  const undo = (id: string, session = door) =>
    server.request(withId(api.doorCheckIn, id), {
      method: 'DELETE',
      headers: { cookie: session.cookie },
    });
  const auditOf = (id: string) =>
    server.app.db.kysely
      .selectFrom('audit_entries')
      .select(['action', 'account_id', 'actor', 'at'])
      .where('registration_id', '=', id)
      .orderBy('id')
      .execute();

  async function answer(response: Response): Promise<CheckInResult> {
    expect(response.status).toBe(200);
    return checkInResultSchema.parse(await response.json());
  }

  it('lets a confirmed person in by the QR code: who, when, by whom; every stream hears it', async () => {
    const person = await confirmed();
    const before = Date.now();
    let result: CheckInResult | undefined;
    const changes = await changesDuring(server, async () => {
      result = await answer(await checkIn({ code: person.ticket_code }));
    });
    expect(result).toEqual({
      result: 'checked_in',
      registration: {
        id: person.id,
        nome_completo: person.nome_completo,
        nome_compania: person.nome_compania,
        status: 'confirmed',
        ticket_code: person.ticket_code,
        checked_in_at: result!.checked_in_at,
        checked_in_by: door.email,
      },
      checked_in_at: expect.stringMatching(isoUtc),
      checked_in_by: door.email,
    });
    expect(Date.parse(result!.checked_in_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(result!.checked_in_at)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(changes).toEqual([
      {
        type: 'updated',
        registration: {
          ...person,
          checked_in_at: result!.checked_in_at,
          checked_in_by: door.email,
        },
      },
    ]);
    expect(await auditOf(person.id)).toEqual([
      expect.objectContaining({ action: 'confirmed', account_id: admin.accountId }),
      {
        action: 'checked_in',
        account_id: door.accountId,
        actor: door.email,
        at: result!.checked_in_at,
      },
    ]);
  });

  it('answers already_checked_in, with when and by whom, to the next scan of the ticket', async () => {
    const person = await confirmed();
    const first = await answer(await checkIn({ code: person.ticket_code }));
    let second: CheckInResult | undefined;
    const changes = await changesDuring(server, async () => {
      second = await answer(await checkIn({ code: person.ticket_code }, undefined, otherDoor));
    });
    expect(second).toEqual({ ...first, result: 'already_checked_in' });
    expect(changes).toEqual([]);
    expect((await auditOf(person.id)).map((entry) => entry.action)).toEqual([
      'confirmed',
      'checked_in',
    ]);
  });

  it('lets a person in found by name (registration_id), the same way', async () => {
    const person = await confirmed();
    const result = await answer(await checkIn({ registration_id: person.id }));
    expect(result).toMatchObject({
      result: 'checked_in',
      registration: { id: person.id, checked_in_by: door.email },
    });
    const again = await answer(await checkIn({ code: person.ticket_code }));
    expect(again).toEqual({ ...result, result: 'already_checked_in' });
  });

  it('lets an admin check people in too', async () => {
    const person = await confirmed();
    const result = await answer(await checkIn({ code: person.ticket_code }, undefined, admin));
    expect(result.checked_in_by).toBe(admin.email);
  });

  it('gives exactly one checked_in to many phones scanning one ticket at the same moment', async () => {
    const person = await confirmed();
    const sessions = [door, otherDoor, admin];
    let results: CheckInResult[] = [];
    const changes = await changesDuring(server, async () => {
      const responses = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          checkIn({ code: person.ticket_code }, randomUUID(), sessions[i % sessions.length]),
        ),
      );
      results = await Promise.all(responses.map(answer));
    });
    const winners = results.filter((r) => r.result === 'checked_in');
    expect(winners).toHaveLength(1);
    const winner = winners[0]!;
    // Every other phone is told who won, and when.
    for (const result of results) {
      expect(result).toEqual({ ...winner, result: result.result });
    }
    expect(changes).toHaveLength(1);
    expect((await auditOf(person.id)).filter((e) => e.action === 'checked_in')).toHaveLength(1);
    const requests = await server.app.db.kysely
      .selectFrom('check_in_requests')
      .select('idempotency_key')
      .where('registration_id', '=', person.id)
      .execute();
    expect(requests).toHaveLength(24);
  });

  it('answers a retry (same Idempotency-Key) with the first answer, and records no second entry', async () => {
    const person = await confirmed();
    const key = randomUUID();
    const first = await answer(await checkIn({ code: person.ticket_code }, key));
    // The answer was lost; the phone sends the same request again, later: once the clock has
    // moved past the first entry, a second one could not pass for it.
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(Date.parse(first.checked_in_at)));
    const before = await eventDayState(server);
    const retry = await answer(await checkIn({ code: person.ticket_code }, key));
    expect(retry).toEqual(first);
    expect(retry.result).toBe('checked_in');
    expect(await eventDayState(server)).toEqual(before);
  });

  it('gives every copy of a request still in flight the one answer, and makes one entry', async () => {
    const people = await Promise.all([confirmed(), confirmed()]);
    for (const person of people) {
      const key = randomUUID();
      let results: CheckInResult[] = [];
      const changes = await changesDuring(server, async () => {
        const responses = await Promise.all(
          Array.from({ length: 12 }, () => checkIn({ code: person.ticket_code }, key)),
        );
        results = await Promise.all(responses.map(answer));
      });
      expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
      expect(results[0]!.result).toBe('checked_in');
      expect(changes).toHaveLength(1);
      expect((await auditOf(person.id)).filter((e) => e.action === 'checked_in')).toHaveLength(1);
    }
  });

  it('refuses a key reused for another ticket or by another account (409), writing nothing', async () => {
    const [first, second] = await Promise.all([confirmed(), confirmed()]);
    const key = randomUUID();
    await answer(await checkIn({ code: first.ticket_code }, key));
    const before = await eventDayState(server);
    for (const [body, session] of [
      [{ code: second.ticket_code }, door],
      [{ registration_id: first.id }, door],
      [{ code: first.ticket_code }, otherDoor],
    ] as const) {
      const response = await checkIn(body, key, session);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        error: { code: 'idempotency_key_reused', message: apiErrors.idempotencyKeyReused },
      });
    }
    expect(await eventDayState(server)).toEqual(before);
  });

  it('refuses a check-in or an undo the phone decided for another account (Door-Account), writing nothing', async () => {
    const [person, inside] = await Promise.all([confirmed(), confirmed()]);
    await answer(await checkIn({ code: inside.ticket_code }));
    const before = await eventDayState(server);
    const refused = { error: { code: 'other_account', message: apiErrors.otherAccount } };
    // What otherDoor queued on the phone, sent once door had signed in on it.
    const checkInResponse = await server.request(api.doorCheckIns, {
      method: 'POST',
      headers: {
        cookie: door.cookie,
        'idempotency-key': randomUUID(),
        'door-account': otherDoor.email,
      },
      json: { code: person.ticket_code, scanned_at: new Date().toISOString() },
    });
    expect(checkInResponse.status).toBe(409);
    expect(await checkInResponse.json()).toEqual(refused);
    const undoResponse = await server.request(withId(api.doorCheckIn, inside.id), {
      method: 'DELETE',
      headers: { cookie: door.cookie, 'door-account': otherDoor.email },
    });
    expect(undoResponse.status).toBe(409);
    expect(await undoResponse.json()).toEqual(refused);
    expect(await eventDayState(server)).toEqual(before);

    // Its own account, in any case, is let through.
    const own = await server.request(api.doorCheckIns, {
      method: 'POST',
      headers: {
        cookie: door.cookie,
        'idempotency-key': randomUUID(),
        'door-account': door.email.toUpperCase(),
      },
      json: { code: person.ticket_code },
    });
    expect((await answer(own)).checked_in_by).toBe(door.email);
  });

  it('keeps an offline phone’s scan time as the check-in time', async () => {
    const person = await confirmed();
    const scannedAt = new Date(Date.now() - 37 * 60_000);
    // As a phone in Brazil writes it, with its offset.
    const local = new Date(scannedAt.getTime() - 3 * 60 * 60_000).toISOString().slice(0, 19);
    const result = await answer(
      await checkIn({ code: person.ticket_code, scanned_at: `${local}-03:00` }),
    );
    const expected = new Date(Math.floor(scannedAt.getTime() / 1000) * 1000).toISOString();
    expect(result.checked_in_at).toBe(expected);
    expect(result.registration.checked_in_at).toBe(expected);
    expect((await auditOf(person.id)).at(-1)).toMatchObject({ action: 'checked_in', at: expected });
  });

  it('reports a ticket already used elsewhere to the phone that scanned it offline earlier', async () => {
    const person = await confirmed();
    const online = await answer(await checkIn({ code: person.ticket_code }));
    const offline = await answer(
      await checkIn({
        code: person.ticket_code,
        scanned_at: new Date(Date.now() - 10 * 60_000).toISOString(),
      }),
    );
    expect(offline).toEqual({ ...online, result: 'already_checked_in' });
  });

  it('refuses a scan time days old, and one that is not a time (400)', async () => {
    const person = await confirmed();
    const before = await eventDayState(server);
    const cases = [
      [new Date(Date.now() - 8 * 24 * 60 * 60_000).toISOString(), apiErrors.scannedAtTooOld],
      ['ontem às 7h', apiErrors.scannedAtInvalid],
      ['2025-12-06T07:31:00', apiErrors.scannedAtInvalid],
      [1765024260000, apiErrors.scannedAtInvalid],
    ] as const;
    for (const [scannedAt, message] of cases) {
      const response = await checkIn({ code: person.ticket_code, scanned_at: scannedAt });
      expect({ scannedAt, status: response.status }).toEqual({ scannedAt, status: 400 });
      expect(await response.json()).toEqual({
        error: {
          code: 'validation',
          message: apiErrors.validation,
          fields: { scanned_at: message },
        },
      });
    }
    // A phone's clock a little ahead is fine.
    const ahead = await checkIn({
      code: person.ticket_code,
      scanned_at: new Date(Date.now() + 30_000).toISOString(),
    });
    expect(ahead.status).toBe(200);
    expect((await eventDayState(server)).audit.length).toBe(before.audit.length + 1);
  });

  // docs/decisions/0165: a check-in is never lost to the phone's clock.
  it('lets in a check-in from a phone whose clock runs fast, at the server’s now at the latest', async () => {
    for (const aheadMs of [10 * 60_000, 3 * 365 * 24 * 60 * 60_000]) {
      const person = await confirmed();
      const before = Date.now();
      const response = await checkIn({
        code: person.ticket_code,
        scanned_at: new Date(before + aheadMs).toISOString(),
      });
      expect({ aheadMs, status: response.status }).toEqual({ aheadMs, status: 200 });
      const at = Date.parse((await answer(response)).checked_in_at);
      expect(at).toBeGreaterThanOrEqual(before - 1000);
      expect(at).toBeLessThanOrEqual(Date.now());
    }
  });

  it('reads a queued scan time on the phone’s own clock, told by Sent-At, fast or slow', async () => {
    const cases = [
      ['fast', 25 * 60_000],
      ['slow', -3 * 365 * 24 * 60 * 60_000],
    ] as const;
    for (const [clock, errorMs] of cases) {
      const person = await confirmed();
      // Scanned 5 minutes ago, and sent now, both read on a clock that is `errorMs` off.
      const phoneNow = Date.now() + errorMs;
      const response = await server.request(api.doorCheckIns, {
        method: 'POST',
        headers: {
          cookie: door.cookie,
          'idempotency-key': randomUUID(),
          'sent-at': new Date(phoneNow).toISOString(),
        },
        json: {
          code: person.ticket_code,
          scanned_at: new Date(phoneNow - 5 * 60_000).toISOString(),
        },
      });
      expect({ clock, status: response.status }).toEqual({ clock, status: 200 });
      const at = Date.parse((await answer(response)).checked_in_at);
      expect({ clock, minutesAgo: Math.round((Date.now() - at) / 60_000) }).toEqual({
        clock,
        minutesAgo: 5,
      });
    }
  });

  it('requires an Idempotency-Key of visible characters, up to 200 (400), writing nothing', async () => {
    const person = await confirmed();
    const before = await eventDayState(server);
    for (const key of [null, '', ' ', 'x'.repeat(201), 'chave com espaço', 'chave\u00e7']) {
      const response = await server.request(api.doorCheckIns, {
        method: 'POST',
        headers: {
          cookie: door.cookie,
          ...(key === null ? {} : { 'idempotency-key': key }),
        },
        json: { code: person.ticket_code },
      });
      expect({ key, status: response.status }).toEqual({ key, status: 400 });
      expect(await response.json()).toEqual({
        error: { code: 'idempotency_key_required', message: apiErrors.idempotencyKeyMissing },
      });
    }
    expect(await eventDayState(server)).toEqual(before);
  });

  it('answers 404 ticket_not_found for a code or id no confirmed person holds, writing nothing', async () => {
    const person = await confirmed();
    const before = await eventDayState(server);
    for (const body of [
      { code: 'A'.repeat(22) },
      // Well formed, one character off.
      { code: person.ticket_code.slice(0, 21) + (person.ticket_code.endsWith('A') ? 'B' : 'A') },
      { code: `${person.ticket_code}x` },
      { code: `http://127.0.0.1/ingresso/${person.ticket_code}` },
      { code: 'nul\u0000nul' },
      { registration_id: randomUUID() },
      { registration_id: 'não-é-um-id' },
      { registration_id: '\u0000' },
    ]) {
      const response = await checkIn(body);
      expect({ body, status: response.status }).toEqual({ body, status: 404 });
      expect(await response.json()).toEqual({
        error: { code: 'ticket_not_found', message: apiErrors.ticketNotFound },
      });
    }
    expect(await eventDayState(server)).toEqual(before);
  });

  it('answers 409 not_confirmed for a registration still pending, writing nothing', async () => {
    const pending = await register(server);
    const before = await eventDayState(server);
    const response = await checkIn({ registration_id: pending.id });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: { code: 'not_confirmed', message: apiErrors.attendeeNotConfirmed },
    });
    expect(await eventDayState(server)).toEqual(before);
  });

  it.runIf(engine === 'PostgreSQL')(
    'refuses a check-in racing a cancellation that commits first: 409 cancelled, nobody let in',
    async () => {
      const person = await confirmed();
      const cancelling = holdTransaction(server.app.db.kysely);
      await cancelling.run((trx) =>
        trx
          .updateTable('registrations')
          .set({ status: 'cancelled' })
          .where('id', '=', person.id)
          .execute(),
      );
      const scan = checkIn({ code: person.ticket_code });
      // The check-in read the row as confirmed and now waits for the cancellation's row lock.
      await expect
        .poll(async () => {
          const { rows } = await sql<{ waiting: number }>`
            select count(*)::int as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`.execute(
            server.app.db.kysely,
          );
          return rows[0]!.waiting;
        })
        .toBe(1);
      await cancelling.commit();
      const response = await scan;
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ error: { code: 'cancelled' } });
      const row = await server.app.db.kysely
        .selectFrom('registrations')
        .select(['status', 'checked_in_at'])
        .where('id', '=', person.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'cancelled', checked_in_at: null });
    },
  );

  it('answers 400 in pt-BR to a body that is not a check-in request, writing nothing', async () => {
    const person = await confirmed();
    const before = await eventDayState(server);
    for (const body of [
      null,
      [],
      'texto',
      42,
      {},
      { code: person.ticket_code, registration_id: person.id },
      { code: person.ticket_code, extra: true },
      { code: 12345 },
      { code: '' },
      { code: 'x'.repeat(201) },
      { registration_id: ['a'] },
    ]) {
      const response = await checkIn(body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
      expect(await response.json()).toEqual({
        error: { code: 'validation', message: apiErrors.badCheckIn },
      });
    }
    for (const raw of ['{"code":', 'code=abc']) {
      const response = await server.request(api.doorCheckIns, {
        method: 'POST',
        headers: {
          cookie: door.cookie,
          'idempotency-key': randomUUID(),
          'content-type': raw.startsWith('{')
            ? 'application/json'
            : 'application/x-www-form-urlencoded',
        },
        body: raw,
      });
      expect([400, 415]).toContain(response.status);
      expect((await response.json()).error.message).toMatch(/JSON/);
    }
    expect(await eventDayState(server)).toEqual(before);
  });

  describe('undo (DELETE /api/door/check-ins/:id)', () => {
    it('takes the person back out: the attendee answered, recorded, every stream told', async () => {
      const person = await confirmed();
      const checkedIn = await answer(await checkIn({ code: person.ticket_code }));
      let undone: unknown;
      const changes = await changesDuring(server, async () => {
        const response = await undo(person.id, otherDoor);
        expect(response.status).toBe(200);
        undone = await response.json();
      });
      expect(undone).toEqual({
        ...checkedIn.registration,
        checked_in_at: null,
        checked_in_by: null,
        // None was issued (issue 36.4: the panel asks about revoking one only when it stands).
        certificate_issued: false,
      });
      expect(changes).toEqual([
        { type: 'updated', registration: { ...person, checked_in_at: null, checked_in_by: null } },
      ]);
      expect((await auditOf(person.id)).at(-1)).toEqual({
        action: 'check_in_undone',
        account_id: otherDoor.accountId,
        actor: otherDoor.email,
        at: expect.stringMatching(isoUtc),
      });
      // The ticket lets them in again, once.
      const again = await answer(await checkIn({ code: person.ticket_code }));
      expect(again.result).toBe('checked_in');
    });

    it('changes nothing for a person not checked in, and answers 404 for no attendee', async () => {
      const person = await confirmed();
      const pending = await register(server);
      const before = await eventDayState(server);
      const response = await undo(person.id);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ id: person.id, checked_in_at: null });
      for (const id of [pending.id, randomUUID(), 'nao-e-um-id']) {
        const missing = await undo(id);
        expect({ id, status: missing.status }).toEqual({ id, status: 404 });
        expect((await missing.json()).error.code).toBe('not_found');
      }
      expect(await eventDayState(server)).toEqual(before);
    });

    it('does not bring a retried check-in back: its answer is replayed, not re-applied', async () => {
      const person = await confirmed();
      const key = randomUUID();
      const first = await answer(await checkIn({ code: person.ticket_code }, key));
      expect((await undo(person.id)).status).toBe(200);
      const retry = await answer(await checkIn({ code: person.ticket_code }, key));
      expect(retry).toEqual(first);
      const row = await server.app.db.kysely
        .selectFrom('registrations')
        .select('checked_in_at')
        .where('id', '=', person.id)
        .executeTakeFirstOrThrow();
      expect(row.checked_in_at).toBeNull();
    });
  });

  it('revokes the ticket with the registration: its code opens nothing, its kept answers go', async () => {
    const person = await confirmed();
    const key = randomUUID();
    await answer(await checkIn({ code: person.ticket_code }, key));
    const deleted = await server.request(withId(api.adminRegistration, person.id), {
      method: 'DELETE',
      headers: { cookie: admin.cookie },
    });
    expect(deleted.status).toBe(204);
    const kept = await server.app.db.kysely
      .selectFrom('check_in_requests')
      .selectAll()
      .where('registration_id', '=', person.id)
      .execute();
    expect(kept).toEqual([]);
    for (const [body, k] of [
      [{ code: person.ticket_code }, key],
      [{ code: person.ticket_code }, randomUUID()],
      [{ registration_id: person.id }, randomUUID()],
    ] as const) {
      const response = await checkIn(body, k);
      expect(response.status).toBe(404);
    }
  });
});
