// The answers to the organizer's questions over a registration's life (issue 34.6), on SQLite and
// PostgreSQL: the next edition starts with the questions the form asks (archived ones stay with
// the edition answered in, their answers still served there), the privacy page lists the
// questions, an erasure takes the answers with the row (on SQLite, off the files' bytes too), and
// no answer reaches the log or the outbox.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventSettingsSchema, type EventSettings } from '../../shared/event-settings.schema.ts';
import { api, paths, withId } from '../../shared/paths.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { filesHolding } from '#test/databases/sqlite-files.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { sendingEnv, startTestGraphApi, type TestGraphApi } from '#test/stand-ins/graph-api.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

const databases: TempPostgres[] = [];
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

const secret = 'Alergia a amendoim 7f3k';

describe.each([['SQLite'], ['PostgreSQL']] as const)('on %s', (engine) => {
  let server: TestServer;
  let admin: TestSession;
  let log = '';
  let graph: TestGraphApi;

  beforeAll(async () => {
    graph = await startTestGraphApi();
    let env: Record<string, string> = sendingEnv({ graph });
    if (engine === 'PostgreSQL') {
      const database = await createTempPostgres();
      databases.push(database);
      env = { ...env, DATABASE_URL: database.url };
    }
    const logStream = new PassThrough();
    logStream.on('data', (chunk) => (log += String(chunk)));
    server = await startTestServer({ ...env, LOG_LEVEL: 'debug' }, { logStream });
    admin = await startSession(server.app.db.kysely);
  });
  afterAll(async () => {
    await server?.close();
    await graph?.close();
  });

  const asAdmin = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    server.request(path, { ...init, headers: { cookie: admin.cookie, ...init.headers } });

  async function settings(): Promise<EventSettings> {
    return eventSettingsSchema.parse(await (await asAdmin(api.adminEvent)).json());
  }

  async function save(change: Record<string, unknown>) {
    const response = await asAdmin(api.adminEvent, {
      method: 'PUT',
      json: { ...(await settings()), ...change },
    });
    expect(response.status).toBe(200);
  }

  it('lists the questions on the privacy page, and erases the answers with the person', async () => {
    await save({
      questions: [
        { id: 'dieta', kind: 'long_text', label: 'Restrição alimentar' },
        { id: 'cidade', kind: 'text', label: 'Cidade de origem' },
      ],
      fields: { nome_compania: 'hidden', levar_alguem: 'shown', confirmacao: 'hidden' },
    });
    const privacy = await (await fetch(server.url + paths.privacy)).text();
    expect(privacy).toContain('Restrição alimentar');
    expect(privacy).toContain('Cidade de origem');
    expect(privacy).toContain('sua resposta sobre levar alguém;');
    expect(privacy).not.toContain('nome da empresa');

    const created = await server.request(api.registrations, {
      method: 'POST',
      json: validRegistration({ respostas: { dieta: secret } }),
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    // Refused answers are not logged either.
    const refused = await server.request(api.registrations, {
      method: 'POST',
      json: validRegistration({ respostas: { dieta: secret, nada: secret } }),
    });
    expect(refused.status).toBe(400);
    // Confirmed: the ticket goes by WhatsApp, with nothing of the answers.
    const confirmed = await asAdmin(withId(api.adminConfirm, id), { method: 'POST' });
    expect(confirmed.status).toBe(200);
    const [sent] = await graph.waitForSuccesses(1);
    expect(JSON.stringify(sent)).not.toContain(secret);
    const messages = await server.app.db.kysely.selectFrom('messages').selectAll().execute();
    expect(messages.length).toBeGreaterThan(0);
    expect(JSON.stringify(messages)).not.toContain(secret);
    if (engine === 'SQLite') expect(filesHolding(server.dbFile, secret)).not.toEqual([]);

    const deleted = await asAdmin(withId(api.adminRegistration, id), { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    const left = await server.app.db.kysely
      .selectFrom('registrations')
      .select('respostas')
      .where('respostas', 'is not', null)
      .execute();
    expect(left).toEqual([]);
    if (engine === 'SQLite') expect(filesHolding(server.dbFile, secret)).toEqual([]);
    expect(log).toContain('"statusCode":400');
    expect(log).not.toContain(secret);
  });

  it('starts the next edition with the questions asked; the past one keeps its answers', async () => {
    const answered = await server.request(api.registrations, {
      method: 'POST',
      json: validRegistration({ respostas: { cidade: 'Recife' } }),
    });
    const { id } = await answered.json();
    // 'cidade' answered, then removed: archived in this edition.
    await save({ questions: [{ id: 'dieta', kind: 'long_text', label: 'Restrição alimentar' }] });
    expect((await settings()).questions.map((q) => [q.id, q.archived])).toEqual([
      ['dieta', false],
      ['cidade', true],
    ]);
    const [past] = (await (await asAdmin(api.adminEditions)).json()) as { id: string }[];

    const next = await asAdmin(api.adminEditions, {
      method: 'POST',
      json: { name: `Próxima ${engine}`, date: '2099-06-01' },
    });
    expect(next.status).toBe(201);
    const copied = await settings();
    expect(copied.questions.map((q) => q.id)).toEqual(['dieta']);
    expect(copied.fields).toEqual({
      nome_compania: 'hidden',
      levar_alguem: 'shown',
      confirmacao: 'hidden',
    });

    const pastRows = await (await asAdmin(withId(api.adminEditionRegistrations, past!.id))).json();
    expect(pastRows.find((row: { id: string }) => row.id === id).respostas).toEqual({
      cidade: 'Recife',
    });
    const pastEdition = (await (await asAdmin(api.adminEditions)).json()).find(
      (edition: { id: string }) => edition.id === past!.id,
    );
    expect(pastEdition.event.questions.map((q: { id: string; archived: boolean }) => q.id)).toEqual(
      ['dieta', 'cidade'],
    );
  });
});
