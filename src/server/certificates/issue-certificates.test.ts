// Who gets a certificate (issue 36.2), on SQLite and PostgreSQL: a confirmed person whose door
// entry is inside the event's window gets one, once, however often or from how many callers the
// issuing runs; an entry a month early (practice), none, or a cancelled registration gets none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStartingAt } from '#test/api/event-day.ts';
import { registerConfirmed } from '#test/api/door.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { register, startTestServer, type TestServer } from '#test/servers/test-server.ts';
import { certificateByCode } from './certificates.repository.ts';
import { issueCertificates } from './issue-certificates.repository.ts';

const databases: TempPostgres[] = [];
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

const hour = 60 * 60_000;

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

  const enter = (id: string, at: number) =>
    server.app.db.kysely
      .updateTable('registrations')
      .set({ checked_in_at: new Date(at).toISOString() })
      .where('id', '=', id)
      .execute();

  it('gives one to each person who came, and to nobody else, once', async () => {
    const start = Date.now() - 6 * hour;
    const settings = await eventStartingAt(server, admin.cookie, start);
    const edition = server.app.editions.current();
    expect(edition.settings.date).toBe(settings.date);
    const came = await registerConfirmed(server, admin.cookie, { nome_completo: 'Zoë Ñandú' });
    const early = await registerConfirmed(server, admin.cookie);
    const late = await registerConfirmed(server, admin.cookie);
    const away = await registerConfirmed(server, admin.cookie);
    const pending = await register(server);
    await enter(came.id, start + hour);
    await enter(early.id, start - 30 * 24 * hour);
    await enter(late.id, start + settings.durationMinutes * 60_000 + 13 * hour);
    await enter(pending.id, start + hour);

    const now = new Date();
    const issued = await Promise.all(
      [1, 2, 3].map(() => issueCertificates(server.app.db.kysely, edition, now)),
    );
    expect(issued.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await issueCertificates(server.app.db.kysely, edition, now)).toBe(0);

    const rows = await server.app.db.kysely.selectFrom('certificates').selectAll().execute();
    expect(rows.map((row) => row.registration_id)).toEqual([came.id]);
    const [row] = rows;
    expect(await certificateByCode(server.app.db.kysely, row!.code)).toEqual({
      code: expect.stringMatching(/^([0-9A-HJKMNP-TV-Z]{4}-){3}[0-9A-HJKMNP-TV-Z]{4}$/),
      registration_id: came.id,
      event_id: edition.id,
      name: 'Zoë Ñandú',
      event_name: settings.name,
      event_date: settings.date,
      // The default: the event's duration, rounded to the half hour.
      minutes: Math.round(settings.durationMinutes / 30) * 30,
      organizer: settings.organizer,
      issued_at: now.toISOString(),
      revoked_at: null,
    });
    for (const id of [early.id, late.id, away.id, pending.id]) {
      expect(rows.some((r) => r.registration_id === id)).toBe(false);
    }
  });
});
