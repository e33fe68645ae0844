// Settings never lose a save (issue 31.6), on a real server over HTTP on SQLite and PostgreSQL:
// GET /api/admin/event names the settings' version in an ETag; a PUT with If-Match of an older
// version is refused with 412 settings_changed and saves nothing; two saves made from the same
// starting point at once: one is saved, the other refused; a PUT without If-Match (a script)
// is saved as before. Decision 0215.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorTable } from '../../shared/api-error.ts';
import { editionSchema, eventChangeSchema } from '../../shared/edition.schema.ts';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { api, withId } from '../../shared/paths.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

const databases: TempPostgres[] = [];
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

const settingsChanged = {
  error: { code: errorTable.settingsChanged.code, message: errorTable.settingsChanged.message },
};

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

  async function read(): Promise<{ settings: EventSettings; etag: string }> {
    const response = await asAdmin(api.adminEvent);
    expect(response.status).toBe(200);
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    return { settings: (await response.json()) as EventSettings, etag: etag! };
  }

  const save = (settings: EventSettings, ifMatch?: string) =>
    asAdmin(api.adminEvent, {
      method: 'PUT',
      json: settings,
      ...(ifMatch ? { headers: { 'if-match': ifMatch } } : {}),
    });

  async function history(): Promise<number> {
    const editions = editionSchema.array().parse(await (await asAdmin(api.adminEditions)).json());
    const current = editions.find((edition) => edition.current)!;
    const changes = await asAdmin(withId(api.adminEditionChanges, current.id));
    return eventChangeSchema.array().parse(await changes.json()).length;
  }

  it('names the version in an ETag, a new one after each save, and saves with the current one', async () => {
    const start = await read();
    expect((await read()).etag).toBe(start.etag);
    const response = await save({ ...start.settings, venue: 'Paço do Frevo' }, start.etag);
    expect(response.status).toBe(200);
    const after = await read();
    expect(after.etag).not.toBe(start.etag);
    expect(response.headers.get('etag')).toBe(after.etag);
    expect(after.settings.venue).toBe('Paço do Frevo');
  });

  it('refuses a save from an older version with 412 settings_changed and saves nothing', async () => {
    const start = await read();
    expect((await save({ ...start.settings, city: 'Olinda' }, start.etag)).status).toBe(200);
    const saved = await read();
    const changes = await history();

    const stale = await save({ ...start.settings, capacity: 300 }, start.etag);
    expect(stale.status).toBe(412);
    expect(await stale.json()).toEqual(settingsChanged);
    expect(await read()).toEqual(saved);
    expect(await history()).toBe(changes);
  });

  it('of two saves from the same starting point at once, keeps one and refuses the other', async () => {
    const start = await read();
    const answers = await Promise.all([
      save({ ...start.settings, venue: 'Cais do Sertão' }, start.etag),
      save({ ...start.settings, capacity: 120 }, start.etag),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 412]);
    const kept = (await read()).settings;
    if (answers[0]!.status === 200) {
      expect(kept.venue).toBe('Cais do Sertão');
      expect(kept.capacity).toBe(start.settings.capacity);
    } else {
      expect(kept.capacity).toBe(120);
      expect(kept.venue).toBe(start.settings.venue);
    }
  });

  it('accepts the version named among others, or any version with *', async () => {
    const start = await read();
    const listed = await save({ ...start.settings, city: 'Recife' }, `"x", ${start.etag}`);
    expect(listed.status).toBe(200);
    const next = await read();
    const any = await save({ ...next.settings, city: 'Jaboatão' }, '*');
    expect(any.status).toBe(200);
    expect((await read()).settings.city).toBe('Jaboatão');
  });

  it('saves without If-Match, as scripts do', async () => {
    const start = await read();
    const response = await save({ ...start.settings, organizer: 'Comunidade Dev PE' });
    expect(response.status).toBe(200);
    expect((await read()).settings.organizer).toBe('Comunidade Dev PE');
  });

  it("refuses the previous edition's version once a new edition is current", async () => {
    const start = await read();
    const created = await asAdmin(api.adminEditions, {
      method: 'POST',
      json: { date: '2036-03-20', name: `Próxima ${engine}` },
    });
    expect(created.status).toBe(201);
    const stale = await save({ ...start.settings, city: 'Caruaru' }, start.etag);
    expect(stale.status).toBe(412);
    expect((await read()).settings.city).not.toBe('Caruaru');
  });
});
