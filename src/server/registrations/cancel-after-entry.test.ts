// Someone already let in is not cancelled (issue 31.5): the organizer's cancel answers 409
// `checked_in` and changes nothing (no seat freed, no e-mail, no audit), as the person's own page
// already refuses; once the entry is undone, the cancellation goes through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, withId } from '../../shared/paths.ts';
import { errorTable } from '../../shared/api-error.ts';
import { postCheckIn, registerConfirmed } from '#test/api/door.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

describe.each([['SQLite'], ['PostgreSQL']])('on %s', (engine) => {
  let database: TempPostgres | undefined;
  let server: TestServer;
  let admin: TestSession;
  let door: TestSession;

  beforeAll(async () => {
    if (engine === 'PostgreSQL') database = await createTempPostgres();
    server = await startTestServer(database ? { DATABASE_URL: database.url } : {});
    admin = await startSession(server.app.db.kysely);
    door = await startSession(server.app.db.kysely, { role: 'door' });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  function cancel(id: string) {
    return server.request(withId(api.adminCancel, id), {
      method: 'POST',
      headers: { cookie: admin.cookie },
    });
  }

  async function stored(id: string) {
    return server.app.db.kysely
      .selectFrom('registrations')
      .select(['status', 'checked_in_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  describe('an organizer cancelling someone who is already in', () => {
    it('gets 409 checked_in and changes nothing, until the entry is undone', async () => {
      const person = await registerConfirmed(server, admin.cookie);
      expect((await postCheckIn(server, door.cookie, { code: person.ticket_code })).status).toBe(
        200,
      );

      const refused = await cancel(person.id);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({
        error: { code: 'checked_in', message: errorTable.checkedIn.message },
      });
      expect(errorTable.checkedIn.message).toBe(
        'Esta pessoa já entrou no evento: desfaça a entrada antes de cancelar a inscrição.',
      );
      expect(await stored(person.id)).toMatchObject({ status: 'confirmed' });
      const actions = await server.app.db.kysely
        .selectFrom('audit_entries')
        .select('action')
        .where('registration_id', '=', person.id)
        .execute();
      expect(actions.map((a) => a.action)).not.toContain('cancelled');

      const undone = await server.request(withId(api.doorCheckIn, person.id), {
        method: 'DELETE',
        headers: { cookie: door.cookie },
      });
      expect(undone.status).toBe(200);
      const cancelled = await cancel(person.id);
      expect(cancelled.status).toBe(200);
      expect(await stored(person.id)).toEqual({ status: 'cancelled', checked_in_at: null });
    });
  });
});
