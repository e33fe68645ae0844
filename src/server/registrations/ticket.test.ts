// POST /api/admin/registrations/:id/ticket: the server records when the organizer sent the
// WhatsApp ticket, so every open panel sees who already got one.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrors } from '../../shared/api-error.ts';
import { api, withId } from '../../shared/paths.ts';
import type { Registration } from '../../shared/registration.schema.ts';
import { openDatabase } from '../db/database.ts';
import { migrationProvider as provider } from '../db/migrate.ts';
import { startSession } from '#test/api/sessions.ts';
import {
  changesDuring,
  register,
  startTestServer,
  type TestServer,
} from '#test/servers/test-server.ts';

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ cookie } = await startSession(server.app.db.kysely));
});
afterAll(() => server.close());

const isoUtc = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const createRegistration = () => register(server);

async function confirm(id: string): Promise<Registration> {
  const response = await server.request(withId(api.adminConfirm, id), {
    method: 'POST',
    headers: { cookie },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Registration;
}

function sendTicket(id: string, headers: Record<string, string> = { cookie }) {
  return server.request(withId(api.adminTicket, id), { method: 'POST', headers });
}

async function stored(id: string): Promise<Registration | undefined> {
  const response = await server.request(api.adminRegistrations, { headers: { cookie } });
  const list = (await response.json()) as Registration[];
  return list.find((r) => r.id === id);
}

const published = (action: () => Promise<void>) => changesDuring(server, action);

describe('POST /api/admin/registrations/:id/ticket', () => {
  it('starts every registration with ticket_sent_at null, in the answer and in the list', async () => {
    const registration = await createRegistration();
    expect(registration.ticket_sent_at).toBeNull();
    expect((await stored(registration.id))?.ticket_sent_at).toBeNull();
  });

  it('answers 409 not_confirmed while the registration is pending, and changes nothing', async () => {
    const registration = await createRegistration();
    const changes = await published(async () => {
      const response = await sendTicket(registration.id);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        error: { code: 'not_confirmed', message: apiErrors.notConfirmed },
      });
    });
    expect(changes).toEqual([]);
    expect(await stored(registration.id)).toEqual(registration);
  });

  it('once confirmed, records the send time (ISO 8601 UTC) and tells every open panel', async () => {
    const registration = await createRegistration();
    const confirmed = await confirm(registration.id);
    const before = Date.now();
    let answered: Registration | undefined;
    const changes = await published(async () => {
      const response = await sendTicket(registration.id);
      expect(response.status).toBe(200);
      answered = (await response.json()) as Registration;
    });
    expect(answered).toEqual({ ...confirmed, ticket_sent_at: expect.any(String) });
    const sentAt = answered!.ticket_sent_at!;
    expect(sentAt).toMatch(isoUtc);
    expect(Date.parse(sentAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(sentAt)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(changes).toEqual([{ type: 'updated', registration: answered }]);
    expect(await stored(registration.id)).toEqual(answered);
  });

  it('moves the time on every send: re-sending stays possible', async () => {
    const registration = await createRegistration();
    await confirm(registration.id);
    const first = (await (await sendTicket(registration.id)).json()) as Registration;
    // Sent again once the clock has moved past the first time: a later send must read later.
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(Date.parse(first.ticket_sent_at!)));
    const response = await sendTicket(registration.id);
    expect(response.status).toBe(200);
    const second = (await response.json()) as Registration;
    expect(Date.parse(second.ticket_sent_at!)).toBeGreaterThan(Date.parse(first.ticket_sent_at!));
    expect((await stored(registration.id))?.ticket_sent_at).toBe(second.ticket_sent_at);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await sendTicket(randomUUID());
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: apiErrors.notFound },
    });
  });

  it('answers 401 without a session, and records nothing', async () => {
    const registration = await createRegistration();
    await confirm(registration.id);
    const response = await sendTicket(registration.id, {});
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: 'unauthorized', message: apiErrors.unauthorized },
    });
    expect((await stored(registration.id))?.ticket_sent_at).toBeNull();
  });

  it('answers 403 to a cross-site request with a valid session, and records nothing', async () => {
    const registration = await createRegistration();
    await confirm(registration.id);
    const response = await sendTicket(registration.id, { cookie, 'sec-fetch-site': 'cross-site' });
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe('cross_site');
    expect((await stored(registration.id))?.ticket_sent_at).toBeNull();
  });
});

describe('the ticket_sent_at migration', () => {
  it('upgrades a database with registrations in it (null: no ticket yet) and rolls back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inscricoes-migration-'));
    const file = join(dir, 'old.db');
    try {
      // A database as the release before this column left it.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const old = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(file) }) });
      const migrator = new Migrator({ db: old, provider });
      expect((await migrator.migrateTo('2025-11-22T02-create-admins-and-sessions')).error).toBe(
        undefined,
      );
      const id = randomUUID();
      await old
        .insertInto('registrations')
        .values({
          id,
          nome_completo: 'Pessoa Antiga',
          whatsapp: '+15085551234',
          email: 'antiga@exemplo.com',
          email_key: 'antiga@exemplo.com',
          nome_compania: 'Antiga',
          status: 'confirmed',
          created_at: new Date().toISOString(),
        })
        .execute();
      await old.destroy();

      const db = await openDatabase(`file:${file}`);
      try {
        const row = await db.kysely
          .selectFrom('registrations')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({ nome_completo: 'Pessoa Antiga', ticket_sent_at: null });
        const down = await new Migrator({ db: db.kysely, provider }).migrateTo(
          '2025-11-22T02-create-admins-and-sessions',
        );
        expect(down.error).toBe(undefined);
        const columns = (await db.kysely.introspection.getTables()).find(
          (table) => table.name === 'registrations',
        )!.columns;
        expect(columns.map((column) => column.name)).not.toContain('ticket_sent_at');
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
