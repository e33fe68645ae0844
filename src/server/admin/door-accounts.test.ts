// Door accounts: admins list, create and remove them (GET/POST /api/admin/accounts, DELETE
// /api/admin/accounts/:id); a door account logs in like an admin, `me` says `door`, and removing
// it ends its sessions and its live stream.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../shared/api-error.ts';
import { accountMessages, doorAccountSchema } from '../../shared/door-account.schema.ts';
import { api, withId } from '../../shared/paths.ts';
import { openLiveStream } from '#test/api/live-stream.ts';
import { logIn } from '#test/api/login.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

let server: TestServer;
let admin: TestSession;
beforeAll(async () => {
  // Short heartbeats: a removed account's stream ends within a fraction of a second.
  server = await startTestServer({}, { config: { liveHeartbeatMs: 50 } });
  admin = await startSession(server.app.db.kysely);
});
afterAll(() => server.close());

const createDoor = (body: unknown, cookie = admin.cookie) =>
  server.request(api.adminAccounts, { method: 'POST', headers: { cookie }, json: body });
const removeAccount = (id: string, cookie = admin.cookie) =>
  server.request(withId(api.adminAccount, id), { method: 'DELETE', headers: { cookie } });
const accounts = () =>
  server.app.db.kysely
    .selectFrom('accounts')
    .select(['id', 'email', 'role'])
    .orderBy('id')
    .execute();

async function listDoors() {
  const response = await server.request(api.adminAccounts, { headers: { cookie: admin.cookie } });
  expect(response.status).toBe(200);
  return doorAccountSchema.array().parse(await response.json());
}

let counter = 0;
const newEmail = () => `portaria.${(counter += 1)}.${Date.now()}@exemplo.com`;

describe('door accounts', () => {
  it('creates a door account (201) that logs in as door and sees only the door', async () => {
    const email = newEmail();
    const password = 'senha-da-portaria-2025';
    const response = await createDoor({ email: `  ${email.toUpperCase()} `, password });
    expect(response.status).toBe(201);
    const created = doorAccountSchema.parse(await response.json());
    expect(created).toEqual({
      id: expect.any(String),
      email,
      role: 'door',
      created_at: expect.any(String),
    });
    expect(JSON.stringify(created)).not.toContain(password);
    expect(await listDoors()).toContainEqual(created);

    const cookie = await logIn(server.url, email, password);
    const me = await server.request(api.adminMe, { headers: { cookie } });
    expect(await me.json()).toEqual({ email, role: 'door' });
    expect((await server.request(api.doorAttendees, { headers: { cookie } })).status).toBe(200);
    const list = await server.request(api.adminRegistrations, { headers: { cookie } });
    expect(list.status).toBe(403);
    const logout = await server.request(api.adminLogout, { method: 'POST', headers: { cookie } });
    expect(logout.status).toBe(204);
    expect((await server.request(api.adminMe, { headers: { cookie } })).status).toBe(401);
  });

  it('lists door accounts only, oldest first', async () => {
    const first = doorAccountSchema.parse(
      await (await createDoor({ email: newEmail(), password: 'x'.repeat(12) })).json(),
    );
    const second = doorAccountSchema.parse(
      await (await createDoor({ email: newEmail(), password: 'y'.repeat(12) })).json(),
    );
    const listed = await listDoors();
    expect(listed.every((account) => account.role === 'door')).toBe(true);
    expect(listed.map((a) => a.id)).not.toContain(admin.accountId);
    expect(listed.findIndex((a) => a.id === first.id)).toBeLessThan(
      listed.findIndex((a) => a.id === second.id),
    );
  });

  it('refuses an e-mail already in use, in any case (409), creating nothing', async () => {
    const email = newEmail();
    expect((await createDoor({ email, password: 'senha-bem-longa-1' })).status).toBe(201);
    const before = await accounts();
    for (const taken of [email, email.toUpperCase(), admin.email]) {
      const response = await createDoor({ email: taken, password: 'senha-bem-longa-2' });
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        error: {
          code: 'account_exists',
          message: apiErrors.accountExists,
          fields: { email: apiErrors.accountExists },
        },
      });
    }
    expect(await accounts()).toEqual(before);
  });

  it('answers 400 in pt-BR at the field for a bad e-mail or password, creating nothing', async () => {
    const before = await accounts();
    const cases: Array<[unknown, Record<string, string> | undefined]> = [
      [
        { email: 'sem-arroba', password: 'senha-bem-longa' },
        { email: accountMessages.invalidEmail },
      ],
      [{ email: newEmail(), password: 'curta' }, { password: accountMessages.passwordTooShort }],
      // Twelve characters of which some are two UTF-16 units: still too short at 11.
      [
        { email: newEmail(), password: '🔑'.repeat(11) },
        { password: accountMessages.passwordTooShort },
      ],
      [
        { email: newEmail(), password: 'x'.repeat(1025) },
        { password: accountMessages.passwordTooLong },
      ],
      [{ email: newEmail(), password: 123456789012 }, { password: accountMessages.notText }],
      [{ email: newEmail() }, { password: accountMessages.notText }],
      [
        { email: newEmail(), password: 'senha-bem-longa', role: 'admin' },
        { role: accountMessages.unknownField },
      ],
      [
        { email: 'a\u0000@exemplo.com', password: 'senha-bem-longa' },
        { email: accountMessages.invalidEmail },
      ],
    ];
    for (const [body, fields] of cases) {
      const response = await createDoor(body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
      expect(await response.json()).toEqual({
        error: { code: 'validation', message: apiErrors.validation, fields },
      });
    }
    for (const body of [null, [], 'texto']) {
      const response = await createDoor(body);
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe(apiErrors.badJson);
    }
    expect(await accounts()).toEqual(before);
  });

  it('removes a door account: 204, its sessions and its live stream end', async () => {
    const email = newEmail();
    const created = doorAccountSchema.parse(
      await (await createDoor({ email, password: 'senha-da-portaria-3' })).json(),
    );
    const cookie = await logIn(server.url, email, 'senha-da-portaria-3');
    const stream = await openLiveStream(server.url, cookie, { path: api.doorLiveStream });
    await stream.next((message) => message.type === 'ready');

    const response = await removeAccount(created.id);
    expect(response.status).toBe(204);
    await stream.end(2_000);
    expect((await server.request(api.doorAttendees, { headers: { cookie } })).status).toBe(401);
    expect((await listDoors()).map((a) => a.id)).not.toContain(created.id);
    const sessions = await server.app.db.kysely
      .selectFrom('sessions')
      .select('id_hash')
      .where('account_id', '=', created.id)
      .execute();
    expect(sessions).toEqual([]);
  });

  it('does not remove an admin there (409), and answers 404 for no account', async () => {
    const before = await accounts();
    const refused = await removeAccount(admin.accountId);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: { code: 'not_door_account', message: apiErrors.notDoorAccount },
    });
    for (const id of [randomUUID(), 'nao-e-um-id']) {
      const missing = await removeAccount(id);
      expect(missing.status).toBe(404);
      expect((await missing.json()).error.code).toBe('not_found');
    }
    expect(await accounts()).toEqual(before);
    expect((await server.request(api.adminMe, { headers: { cookie: admin.cookie } })).status).toBe(
      200,
    );
  });
});
