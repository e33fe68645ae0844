// The same API on PostgreSQL: migrations, E.164, the unique e-mail key, ordering, ticket sends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, withId } from '../../shared/paths.ts';
import { startSession } from '../test-support/sessions.ts';
import { createTempPostgres, type TempPostgres } from '../test-support/postgres.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { validRegistration } from '../../shared/test-support/registrations.ts';

let database: TempPostgres;
let server: TestServer;

beforeAll(async () => {
  database = await createTempPostgres();
  server = await startTestServer({ DATABASE_URL: database.url });
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('on PostgreSQL', () => {
  it('runs the migrations and reports healthy', async () => {
    expect(server.app.db.kind).toBe('postgres');
    expect(await (await server.request('/api/health')).json()).toEqual({ ok: true });
  });

  it('stores a registration and refuses the same e-mail in another case', async () => {
    const body = validRegistration({ whatsapp: '+55 21 98765-4321' });
    const created = await server.request('/api/registrations', { method: 'POST', json: body });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ whatsapp: '+5521987654321', status: 'pending' });

    const again = await server.request('/api/registrations', {
      method: 'POST',
      json: validRegistration({ email: body.email.toUpperCase() }),
    });
    expect(again.status).toBe(409);
  });

  it('keeps exactly one row when identical submissions race', async () => {
    const body = validRegistration();
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () =>
        server.request('/api/registrations', { method: 'POST', json: body }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const rows = await server.app.db.kysely
      .selectFrom('registrations')
      .select('id')
      .where('email_key', '=', body.email.toLowerCase())
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('records a ticket send once confirmed (the added ticket_sent_at column)', async () => {
    const { cookie } = await startSession(server.app.db.kysely);
    const created = await server.request('/api/registrations', {
      method: 'POST',
      json: validRegistration(),
    });
    const { id, ticket_sent_at } = await created.json();
    expect(ticket_sent_at).toBeNull();
    const send = () =>
      server.request(withId(api.adminTicket, id), { method: 'POST', headers: { cookie } });
    expect((await send()).status).toBe(409);
    await server.request(withId(api.adminConfirm, id), { method: 'POST', headers: { cookie } });
    const sent = await send();
    expect(sent.status).toBe(200);
    expect((await sent.json()).ticket_sent_at).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/);
  });
});
