// Registrations open and close (issue 33.5), on a real server over HTTP, on SQLite and on
// PostgreSQL with a second instance: the switch closes them at once; an opening or closing instant
// changes the pages and the API at that instant on every instance, with no save and no restart;
// the answers are 409 registrations_not_open / registrations_closed whatever the body; the
// pages say when they open, or that they are closed with the contact e-mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors, errorTable } from '../../shared/api-error.ts';
import { eventFieldMessages as messages } from '../../shared/event-fields.ts';
import { formatInstant } from '../../shared/event.ts';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { api, paths } from '../../shared/paths.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

const databases: TempPostgres[] = [];
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

it('says when registrations open on the event’s clocks, with the year only when not this year', () => {
  const recife = { timeZone: 'America/Recife' };
  const now = new Date('2027-01-01T12:00:00Z');
  expect(formatInstant('2027-01-10T09:00:00-03:00', recife, now)).toBe('10 de janeiro, às 9:00');
  expect(formatInstant('2027-01-10T12:30:00Z', recife, now)).toBe('10 de janeiro, às 9:30');
  expect(formatInstant('2028-01-10T09:05:00-03:00', recife, now)).toBe(
    '10 de janeiro de 2028, às 9:05',
  );
});

describe.each([['SQLite'], ['PostgreSQL']] as const)('on %s', (engine) => {
  let server: TestServer;
  /** Every server of the site: on PostgreSQL, a second instance that never saves anything. */
  const servers: TestServer[] = [];
  let admin: TestSession;
  let email = 0;

  beforeAll(async () => {
    let env: Record<string, string> = {};
    if (engine === 'PostgreSQL') {
      const database = await createTempPostgres();
      databases.push(database);
      env = { DATABASE_URL: database.url };
    }
    server = await startTestServer(env);
    servers.push(server);
    if (engine === 'PostgreSQL') servers.push(await startTestServer(env));
    admin = await startSession(server.app.db.kysely);
  });
  afterAll(async () => {
    await Promise.all(servers.map((each) => each.close()));
  });

  const asAdmin = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    server.request(path, { ...init, headers: { cookie: admin.cookie, ...init.headers } });
  const current = async () => (await (await asAdmin(api.adminEvent)).json()) as EventSettings;
  async function save(change: Partial<EventSettings>) {
    const response = await asAdmin(api.adminEvent, {
      method: 'PUT',
      json: { ...(await current()), ...change },
    });
    expect(response.status).toBe(200);
  }
  const registerOn = (
    each: TestServer,
    body: object = validRegistration({ email: `p${++email}@example.com` }),
  ) => each.request(api.registrations, { method: 'POST', json: body });
  const page = async (each: TestServer, path: string) => (await each.request(path)).text();
  const inSeconds = (seconds: number) =>
    new Date(Date.now() + seconds * 1000).toISOString().replace('Z', '+00:00');

  it('refuses instants without an offset, and a closing before the opening, at the field', async () => {
    const before = await current();
    for (const [change, field, message] of [
      [{ registrationOpensAt: '2027-01-10T09:00' }, 'registrationOpensAt', messages.instant],
      [{ registrationClosesAt: 'amanhã' }, 'registrationClosesAt', messages.instant],
      [{ registrationOpen: 'sim' }, 'registrationOpen', messages.registrationOpen],
      [
        {
          registrationOpensAt: '2037-01-10T09:00:00-03:00',
          registrationClosesAt: '2037-01-10T08:59:00-03:00',
        },
        'registrationClosesAt',
        messages.closesBeforeOpening,
      ],
    ] as const) {
      const response = await asAdmin(api.adminEvent, {
        method: 'PUT',
        json: { ...before, ...change },
      });
      expect(response.status, field).toBe(400);
      expect((await response.json()).error.fields).toEqual({ [field]: message });
    }
    expect(await current()).toEqual(before);
  });

  it('closes at once with the switch off, on every instance, whatever the body', async () => {
    expect((await registerOn(server)).status).toBe(201);
    await save({ registrationOpen: false });
    for (const each of servers) {
      await expect.poll(() => page(each, paths.home)).toContain('Inscrições encerradas');
      const refused = await registerOn(each, { nome: '' });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({
        error: { code: 'registrations_closed', message: apiErrors.registrationsClosed },
      });
      const form = await page(each, paths.register);
      expect(form).toContain('Inscrições encerradas');
      expect(form).toContain('mailto:contato@buildsafe.example');
      expect(form).not.toContain('Faça sua inscrição');
    }
    await save({ registrationOpen: true });
    for (const each of servers) {
      await expect.poll(() => page(each, paths.home)).toContain('Fazer Inscrição');
    }
  });

  it('opens at the opening instant and closes at the closing one, with no save', async () => {
    const opensAt = inSeconds(5);
    const opens = Date.parse(opensAt);
    const closesAt = inSeconds(12);
    const closes = Date.parse(closesAt);
    await save({ registrationOpensAt: opensAt, registrationClosesAt: closesAt });
    const settings = await current();
    const opening = `Inscrições abrem em ${formatInstant(opensAt, settings)}`;
    for (const each of servers) {
      // Told of the save (the second instance by NOTIFY) before the opening, on any sane machine;
      // a machine so slow that the instant passed first is checked below only.
      await expect
        .poll(async () => (await page(each, paths.home)).includes(opening) || Date.now() >= opens)
        .toBe(true);
      const early = await registerOn(each);
      if (Date.now() < opens - 500) {
        expect(await page(each, paths.register)).toContain(opening);
        expect(early.status).toBe(409);
        expect((await early.json()).error.code).toBe(errorTable.registrationsNotOpen.code);
      }
    }
    for (const each of servers) {
      await expect
        .poll(
          async () =>
            (await page(each, paths.register)).includes('Faça sua inscrição') ||
            Date.now() >= closes,
        )
        .toBe(true);
      if (Date.now() < closes - 1000) expect((await registerOn(each)).status).toBe(201);
    }
    for (const each of servers) {
      await expect.poll(() => page(each, paths.home)).toContain('Inscrições encerradas');
      expect((await registerOn(each)).status).toBe(409);
    }
  });
});
