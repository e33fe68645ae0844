// GET /api/admin/registrations/:id/audit: who confirmed, sent the ticket, checked in, undid, and
// deleted, with the account and the time; a deletion leaves one entry with no personal data.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../shared/api-error.ts';
import { auditEntrySchema, type AuditEntry } from '../../shared/audit.schema.ts';
import { api, withId } from '../../shared/paths.ts';
import { postCheckIn, registerConfirmed } from '#test/api/door.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { register, startTestServer, type TestServer } from '#test/servers/test-server.ts';

let server: TestServer;
let admin: TestSession;
let otherAdmin: TestSession;
let door: TestSession;
beforeAll(async () => {
  server = await startTestServer();
  admin = await startSession(server.app.db.kysely);
  otherAdmin = await startSession(server.app.db.kysely);
  door = await startSession(server.app.db.kysely, { role: 'door' });
});
afterAll(() => server.close());

async function trail(id: string, session = admin): Promise<AuditEntry[]> {
  const response = await server.request(withId(api.adminAudit, id), {
    headers: { cookie: session.cookie },
  });
  expect(response.status).toBe(200);
  return auditEntrySchema.array().parse(await response.json());
}

const post = (pattern: string, id: string, session: TestSession) =>
  server.request(withId(pattern, id), { method: 'POST', headers: { cookie: session.cookie } });

describe('GET /api/admin/registrations/:id/audit', () => {
  it('is empty for a registration nobody has acted on', async () => {
    const registration = await register(server);
    expect(await trail(registration.id)).toEqual([]);
  });

  it('records each action once, oldest first, with the account’s e-mail and the time', async () => {
    const person = await registerConfirmed(server, admin.cookie);
    expect((await post(api.adminConfirm, person.id, otherAdmin)).status).toBe(200);
    expect((await post(api.adminTicket, person.id, otherAdmin)).status).toBe(200);
    const checkedIn = await (
      await postCheckIn(server, door.cookie, { code: person.ticket_code })
    ).json();
    const undo = await server.request(withId(api.doorCheckIn, person.id), {
      method: 'DELETE',
      headers: { cookie: door.cookie },
    });
    expect(undo.status).toBe(200);

    const entries = await trail(person.id);
    expect(entries.map(({ action, actor }) => ({ action, actor }))).toEqual([
      // The repeated confirmation changed nothing, so it is not an entry.
      { action: 'confirmed', actor: admin.email },
      { action: 'ticket_sent', actor: otherAdmin.email },
      { action: 'checked_in', actor: door.email },
      { action: 'check_in_undone', actor: door.email },
    ]);
    expect(entries.every((entry) => entry.registration_id === person.id)).toBe(true);
    expect(entries.map((entry) => entry.id)).toEqual(
      [...entries.map((e) => e.id)].sort((a, b) => a - b),
    );
    expect(entries[2]!.at).toBe(checkedIn.checked_in_at);
    for (const entry of entries) {
      expect(Math.abs(Date.parse(entry.at) - Date.now())).toBeLessThan(60_000);
    }
  });

  it('keeps only an anonymous entry of a deleted registration: ids, action, actor, time', async () => {
    const person = await registerConfirmed(server, admin.cookie);
    await postCheckIn(server, door.cookie, { code: person.ticket_code });
    const deleted = await server.request(withId(api.adminRegistration, person.id), {
      method: 'DELETE',
      headers: { cookie: otherAdmin.cookie },
    });
    expect(deleted.status).toBe(204);

    const entries = await trail(person.id);
    expect(entries).toEqual([
      {
        id: expect.any(Number),
        registration_id: person.id,
        action: 'deleted',
        actor: otherAdmin.email,
        at: expect.any(String),
        message: null,
      },
    ]);
    const rows = await server.app.db.kysely
      .selectFrom('audit_entries')
      .selectAll()
      .where('registration_id', '=', person.id)
      .execute();
    const text = JSON.stringify(rows);
    for (const personal of [
      person.nome_completo,
      person.nome_compania,
      person.email,
      person.whatsapp,
      person.ticket_code,
    ]) {
      expect(text).not.toContain(personal);
    }
  });

  it('answers 404 for an id no registration ever had', async () => {
    for (const id of [randomUUID(), 'nao-e-um-id']) {
      const response = await server.request(withId(api.adminAudit, id), {
        headers: { cookie: admin.cookie },
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: 'not_found', message: apiErrors.notFound },
      });
    }
  });

  it('records nothing for refused actions', async () => {
    const pending = await register(server);
    expect((await post(api.adminTicket, pending.id, admin)).status).toBe(409);
    expect((await postCheckIn(server, door.cookie, { registration_id: pending.id })).status).toBe(
      409,
    );
    expect(await trail(pending.id)).toEqual([]);
  });
});
