// A form sent again after its answer was lost (decision 0168): under the same Idempotency-Key the
// visitor is answered as the first time (201, the same registration, their own page), nothing is
// stored or sent twice; without the key, or under another one, the e-mail is taken (409). On both
// engines and through every write path: SQLite's group commit, PostgreSQL's grouped insert
// (approval) and its seat-holding one (automatic).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventSettingsSchema } from '../../shared/event-settings.schema.ts';
import { api, withId } from '../../shared/paths.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession } from '#test/api/sessions.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

const setups = [
  ['SQLite', 'approval'],
  ['SQLite', 'automatic'],
  ['PostgreSQL', 'approval'],
  ['PostgreSQL', 'automatic'],
] as const;

describe.each(setups)('on %s, %s admission', (engine, admission) => {
  let server: TestServer;
  let database: TempPostgres | undefined;
  let cookie: string;
  beforeAll(async () => {
    if (engine === 'PostgreSQL') database = await createTempPostgres();
    server = await startTestServer(database ? { DATABASE_URL: database.url } : {});
    ({ cookie } = await startSession(server.app.db.kysely));
    const current = eventSettingsSchema.parse(
      await (await server.request(api.adminEvent, { headers: { cookie } })).json(),
    );
    const saved = await server.request(api.adminEvent, {
      method: 'PUT',
      headers: { cookie },
      json: { ...current, admission },
    });
    expect(saved.status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const newKey = () => randomBytes(16).toString('base64url');

  function send(body: unknown, key?: string) {
    return server.request(api.registrations, {
      method: 'POST',
      json: body,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  }

  async function stored(email: string) {
    const db = server.app.db.kysely;
    const rows = await db
      .selectFrom('registrations')
      .select('id')
      .where('email', '=', email)
      .execute();
    const messages = await db
      .selectFrom('messages')
      .select('id')
      .where('registration_id', 'in', rows.length ? rows.map((row) => row.id) : [''])
      .execute();
    return { rows: rows.length, messages: messages.length };
  }

  it('answers the same form under the same key as the first time, storing nothing twice', async () => {
    const body = validRegistration();
    const key = newKey();
    const first = await send(body, key);
    expect(first.status).toBe(201);
    const firstAnswer = await first.json();
    const before = await stored(body.email);
    expect(before.rows).toBe(1);

    const again = await send(body, key);
    expect(again.status).toBe(201);
    const answer = await again.json();
    expect(answer.id).toBe(firstAnswer.id);
    expect(answer.status).toBe(firstAnswer.status);
    expect(answer.personal_page).toBe(firstAnswer.personal_page);
    expect(await stored(body.email)).toEqual(before);
  });

  it('still says the e-mail is taken without the key, under another key, or once cancelled', async () => {
    const body = validRegistration();
    const key = newKey();
    const first = await send(body, key);
    expect(first.status).toBe(201);
    const { id } = await first.json();
    for (const otherKey of [undefined, newKey(), 'curta', `${key}!`]) {
      const response = await send(body, otherKey);
      expect(response.status, String(otherKey)).toBe(409);
      expect((await response.json()).error.code).toBe('duplicate_email');
    }
    const cancelled = await server.request(withId(api.adminCancel, id), {
      method: 'POST',
      headers: { cookie },
    });
    expect(cancelled.status).toBe(200);
    expect((await send(body, key)).status).toBe(409);
  });
});
