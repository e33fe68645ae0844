// The reminders' settings (issue 35.1) in GET/PUT /api/admin/event as `reminders`, on a real server
// over HTTP on SQLite and PostgreSQL: one the day before by default, saved and served back, bad
// values refused at the field in pt-BR saving nothing, copied to the next edition, audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { api } from '../../shared/paths.ts';
import { reminderMessages } from '../../shared/reminder-settings.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

const databases: TempPostgres[] = [];
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

describe.each([['SQLite'], ['PostgreSQL']] as const)('on %s', (engine) => {
  let server: TestServer;
  let admin: TestSession;
  beforeAll(async () => {
    let env: Record<string, string> = {};
    if (engine === 'PostgreSQL') {
      const database = await createTempPostgres();
      databases.push(database);
      env = { DATABASE_URL: database.url };
    }
    server = await startTestServer(env);
    admin = await startSession(server.app.db.kysely);
  }, 60_000);
  afterAll(() => server?.close());

  const asAdmin = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    server.request(path, { ...init, headers: { cookie: admin.cookie, ...init.headers } });
  const current = async () => (await (await asAdmin(api.adminEvent)).json()) as EventSettings;

  it('is one reminder the day before by default', async () => {
    expect((await current()).reminders).toEqual([{ hoursBefore: 24 }]);
  });

  it('refuses bad values at the field, in pt-BR, saving nothing', async () => {
    const before = await current();
    const cases: [unknown, string][] = [
      [[{ hoursBefore: 0 }], reminderMessages.hoursBefore],
      [[{ hoursBefore: 169 }], reminderMessages.hoursBefore],
      [[{ hoursBefore: 2.5 }], reminderMessages.hoursBefore],
      [[{ hoursBefore: '24' }], reminderMessages.hoursBefore],
      [
        [{ hoursBefore: 48 }, { hoursBefore: 24 }, { hoursBefore: 2 }, { hoursBefore: 1 }],
        reminderMessages.tooMany,
      ],
      [[{ hoursBefore: 24 }, { hoursBefore: 24 }], reminderMessages.repeated],
      ['[object Object]', reminderMessages.reminders],
    ];
    for (const [reminders, message] of cases) {
      const response = await asAdmin(api.adminEvent, {
        method: 'PUT',
        json: { ...before, reminders },
      });
      expect(response.status, JSON.stringify(reminders)).toBe(400);
      expect((await response.json()).error.fields, JSON.stringify(reminders)).toEqual({
        reminders: message,
      });
    }
    expect(await current()).toEqual(before);
  });

  it('is saved (none too), copied to the next edition and named in the history', async () => {
    const none = await asAdmin(api.adminEvent, {
      method: 'PUT',
      json: { ...(await current()), reminders: [] },
    });
    expect(none.status).toBe(200);
    expect((await current()).reminders).toEqual([]);
    const three = [{ hoursBefore: 168 }, { hoursBefore: 24 }, { hoursBefore: 1 }];
    const saved = await asAdmin(api.adminEvent, {
      method: 'PUT',
      json: { ...(await current()), reminders: three },
    });
    expect(saved.status).toBe(200);
    expect((await current()).reminders).toEqual(three);

    const created = await asAdmin(api.adminEditions, {
      method: 'POST',
      json: { name: 'Encontro Dev Recife 2037', date: '2037-03-19' },
    });
    expect(created.status).toBe(201);
    expect((await current()).reminders).toEqual(three);
    const editions = (await (await asAdmin(api.adminEditions)).json()) as { id: string }[];
    const history = await Promise.all(
      editions.map(
        async (edition) =>
          (await (await asAdmin(api.adminEditionChanges.replace(':id', edition.id))).json()) as {
            fields: string[];
          }[],
      ),
    );
    expect(history.flat().flatMap((change) => change.fields)).toContain('reminders');
  });
});
