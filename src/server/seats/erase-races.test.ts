// A cancellation, a restore or a confirmation of a registration being erased at the same moment,
// on PostgreSQL (SQLite runs one write at a time): the erasure commits while the other write
// waits for the row, and the other write must then answer 404 (the person is gone), not a 500.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorTable } from '../../shared/api-error.ts';
import { api, withId } from '../../shared/paths.ts';
import { registrationSchema } from '../../shared/registration.schema.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { registerConfirmed } from '#test/api/door.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

describe('an erasure committing while another write to the same registration waits (PostgreSQL)', () => {
  let database: TempPostgres;
  let server: TestServer;
  let admin: TestSession;
  beforeAll(async () => {
    database = await createTempPostgres();
    server = await startTestServer({ DATABASE_URL: database.url });
    admin = await startSession(server.app.db.kysely);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  /** The write sent while another connection holds the row deleted, answered once it commits. */
  async function racingErasure(id: string, write: () => Promise<Response>): Promise<Response> {
    const eraser = new pg.Client({ connectionString: database.url });
    await eraser.connect();
    const waiting = async () => {
      const { rows } = await eraser.query<{ n: string }>(
        // A wait for a row is on its transaction's id, a lock of no database: the waiting
        // backend's own says which.
        `select count(*) as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where not l.granted and a.datname = current_database()`,
      );
      return Number(rows[0]!.n);
    };
    try {
      await eraser.query('begin');
      await eraser.query('delete from registrations where id = $1', [id]);
      const answer = write();
      await expect.poll(waiting, { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
      await eraser.query('commit');
      return await answer;
    } finally {
      await eraser.end();
    }
  }

  const post = (path: string) => () =>
    server.request(path, { method: 'POST', headers: { cookie: admin.cookie } });

  it('answers a cancellation 404', async () => {
    const person = await registerConfirmed(server, admin.cookie);
    const answer = await racingErasure(person.id, post(withId(api.adminCancel, person.id)));
    expect(answer.status).toBe(404);
    expect((await answer.json()).error.code).toBe(errorTable.notFound.code);
  });

  it('answers a restore 404', async () => {
    const person = await registerConfirmed(server, admin.cookie);
    expect((await post(withId(api.adminCancel, person.id))()).status).toBe(200);
    const answer = await racingErasure(person.id, post(withId(api.adminRestore, person.id)));
    expect(answer.status).toBe(404);
    expect((await answer.json()).error.code).toBe(errorTable.notFound.code);
  });

  it('answers a confirmation 404', async () => {
    const response = await server.request(api.registrations, {
      method: 'POST',
      json: validRegistration(),
    });
    const person = registrationSchema.parse(await response.json());
    const answer = await racingErasure(person.id, post(withId(api.adminConfirm, person.id)));
    expect(answer.status).toBe(404);
    expect((await answer.json()).error.code).toBe(errorTable.notFound.code);
  });
});
