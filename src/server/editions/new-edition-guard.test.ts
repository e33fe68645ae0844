// 'Nova edição' with a guard (issue 31.11), on a real server over HTTP on SQLite and PostgreSQL:
// the list of editions counts each one's pending and confirmed people (what the panel names before
// they become read-only); without a name, or with the name of an edition that exists (the current
// one or a past one, whatever its capitals and spaces), POST /api/admin/editions is 400 with a
// pt-BR message at `name` and makes nothing; a name of its own makes the edition. Decision 0217.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editionSchema } from '../../shared/edition.schema.ts';
import { eventFieldMessages } from '../../shared/event-fields.ts';
import { api, withId } from '../../shared/paths.ts';
import { register } from '#test/servers/test-server.ts';
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
  });
  afterAll(async () => {
    await server?.close();
  });

  const asAdmin = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    server.request(path, { ...init, headers: { cookie: admin.cookie, ...init.headers } });
  const create = (json: unknown) => asAdmin(api.adminEditions, { method: 'POST', json });
  const editions = async () =>
    editionSchema.array().parse(await (await asAdmin(api.adminEditions)).json());

  async function refusedAtName(json: unknown, message: string) {
    const before = await editions();
    const response = await create(json);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toEqual({
      code: 'validation',
      message: 'Confira os campos destacados.',
      fields: { name: message },
    });
    expect(await editions()).toEqual(before);
  }

  it('counts the pending and the confirmed of each edition', async () => {
    const [pending, confirmed, cancelled] = [
      await register(server),
      await register(server),
      await register(server),
    ];
    expect(pending.status).toBe('pending');
    const post = (path: string) => asAdmin(path, { method: 'POST' });
    expect((await post(withId(api.adminConfirm, confirmed.id))).status).toBe(200);
    expect((await post(withId(api.adminCancel, cancelled.id))).status).toBe(200);
    const [current] = await editions();
    expect(current).toMatchObject({ current: true, registrations: 3, pending_or_confirmed: 2 });
  });

  it('asks for a name', async () => {
    await refusedAtName({ date: '2036-03-20' }, eventFieldMessages.required);
  });

  it("refuses the current edition's name, and a past one's, whatever the capitals and spaces", async () => {
    const [first] = await editions();
    await refusedAtName(
      { date: '2036-03-20', name: first!.event.name },
      eventFieldMessages.duplicateEditionName,
    );
    await refusedAtName(
      { date: '2036-03-20', name: `  ${first!.event.name.toUpperCase()} ` },
      eventFieldMessages.duplicateEditionName,
    );

    const next = await create({ date: '2036-03-20', name: 'Encontro Dev Recife 2036' });
    expect(next.status).toBe(201);
    expect(editionSchema.parse(await next.json()).event.name).toBe('Encontro Dev Recife 2036');
    await refusedAtName(
      { date: '2037-03-19', name: first!.event.name },
      eventFieldMessages.duplicateEditionName,
    );
    await refusedAtName(
      { date: '2037-03-19', name: 'encontro  dev recife 2036' },
      eventFieldMessages.duplicateEditionName,
    );
    const names = (await editions()).map((edition) => edition.event.name);
    expect(names).toEqual(['Encontro Dev Recife 2036', first!.event.name]);
  });
});
