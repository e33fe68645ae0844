// The organizer's hand on certificates (issue 36.2, 36.4) against a real server: 'Emitir
// certificados agora' issues the missing ones with their messages, or says in pt-BR why not; one
// is issued by hand to a confirmed person without an entry, and revoked (its page says so, its
// name is gone), both in the card's history; an entry undone before issue gives none, and one
// undone after says that a certificate stands, for the panel to ask.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorTable } from '../../shared/api-error.ts';
import type { AuditEntry } from '../../shared/audit.schema.ts';
import { api, certificatePage, withCode, withId } from '../../shared/paths.ts';
import { certificatesOn, checkedIn } from '#test/api/certificates.ts';
import { registerConfirmed } from '#test/api/door.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { register, startTestServer, type TestServer } from '#test/servers/test-server.ts';
import { sendingEnv } from '#test/stand-ins/graph-api.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';

let smtp: TestSmtp;
let server: TestServer;
let admin: TestSession;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer(sendingEnv({ smtp: smtp.url }));
  admin = await startSession(server.app.db.kysely);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const post = (path: string) =>
  server.request(path, { method: 'POST', headers: { cookie: admin.cookie } });
const remove = (path: string) =>
  server.request(path, { method: 'DELETE', headers: { cookie: admin.cookie } });
const byHand = (id: string) => withId(api.adminRegistrationCertificate, id);

async function certificateOf(id: string) {
  return server.app.db.kysely
    .selectFrom('certificates')
    .selectAll()
    .where('registration_id', '=', id)
    .executeTakeFirst();
}

async function certificateMessages(id: string) {
  return server.app.db.kysely
    .selectFrom('messages')
    .select('channel')
    .where('registration_id', '=', id)
    .where('kind', '=', 'certificate')
    .execute();
}

async function trail(id: string): Promise<AuditEntry[]> {
  const response = await server.request(withId(api.adminAudit, id), {
    headers: { cookie: admin.cookie },
  });
  return (await response.json()) as AuditEntry[];
}

async function expectError(
  response: Response,
  kind: { code: string; status: number; message: string },
) {
  expect(response.status).toBe(kind.status);
  expect(await response.json()).toEqual({ error: { code: kind.code, message: kind.message } });
}

const undo = (id: string) =>
  server.request(withId(api.doorCheckIn, id), {
    method: 'DELETE',
    headers: { cookie: admin.cookie },
  });

describe("'Emitir certificados agora' and a certificate by hand", () => {
  it('refuses in pt-BR while certificates are off, issuing nothing', async () => {
    const person = await registerConfirmed(server, admin.cookie);
    await certificatesOn(server, admin.cookie, { enabled: false });
    await checkedIn(server, person.id, Date.now() - 5 * 60 * 60_000);
    await expectError(await post(api.adminCertificates), errorTable.certificatesOff);
    await expectError(await post(byHand(person.id)), errorTable.certificatesOff);
    expect(await certificateOf(person.id)).toBeUndefined();
  });

  it('issues those who came and have none, with their messages; an entry undone before gives none', async () => {
    const settings = await certificatesOn(server, admin.cookie);
    await server.app.db.kysely.deleteFrom('registrations').execute();
    const came = await registerConfirmed(server, admin.cookie, { nome_completo: 'Zoë Araújo' });
    const alsoCame = await registerConfirmed(server, admin.cookie);
    const undone = await registerConfirmed(server, admin.cookie);
    for (const person of [came, alsoCame, undone])
      await checkedIn(server, person.id, settings.startedAt + 60_000);
    const undoneAnswer = await undo(undone.id);
    expect(undoneAnswer.status).toBe(200);
    expect(await undoneAnswer.json()).toMatchObject({ id: undone.id, certificate_issued: false });

    const response = await post(api.adminCertificates);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ issued: 2 });
    expect((await post(api.adminCertificates)).status).toBe(202);
    expect(await (await post(api.adminCertificates)).json()).toEqual({ issued: 0 });
    expect(await certificateOf(undone.id)).toBeUndefined();
    expect(await certificateMessages(came.id)).toEqual([{ channel: 'email' }]);
    const issued = (await trail(came.id)).filter((e) => e.action === 'certificate_issued');
    expect(issued.map((e) => e.actor)).toEqual([admin.email]);

    // Undone after issue: the answer says a certificate stands, for the panel to ask.
    const after = await undo(came.id);
    expect(after.status).toBe(200);
    expect(await after.json()).toMatchObject({ id: came.id, certificate_issued: true });
    expect((await certificateOf(came.id))?.revoked_at).toBeNull();
  });

  it('issues one by hand to a confirmed person without an entry, and revokes it, both audited', async () => {
    await certificatesOn(server, admin.cookie);
    const speaker = await registerConfirmed(server, admin.cookie, {
      nome_completo: 'Ñandú Palestrante',
    });
    const pending = await register(server);

    const response = await post(byHand(speaker.id));
    expect(response.status).toBe(201);
    const body = (await response.json()) as { code: string; issued_at: string };
    expect(body).toEqual({
      code: (await certificateOf(speaker.id))!.code,
      issued_at: expect.any(String),
    });
    expect(await certificateMessages(speaker.id)).toEqual([{ channel: 'email' }]);
    await expectError(await post(byHand(speaker.id)), errorTable.certificateExists);
    await expectError(await post(byHand(pending.id)), errorTable.certificateNotConfirmed);
    await expectError(await post(byHand(crypto.randomUUID())), errorTable.notFound);
    expect(await certificateOf(pending.id)).toBeUndefined();

    expect((await remove(byHand(speaker.id))).status).toBe(204);
    const revoked = await server.app.db.kysely
      .selectFrom('certificates')
      .selectAll()
      .where('code', '=', body.code)
      .executeTakeFirstOrThrow();
    expect(revoked).toMatchObject({ name: '', revoked_at: expect.any(String) });
    const page = await (await server.request(withCode(certificatePage, body.code))).text();
    expect(page).toContain('Certificado revogado');
    expect(page).not.toContain('Ñandú Palestrante');
    await expectError(await remove(byHand(speaker.id)), errorTable.certificateNotFound);
    const actions = (await trail(speaker.id)).map((e) => [e.action, e.actor]);
    expect(actions).toContainEqual(['certificate_issued', admin.email]);
    expect(actions).toContainEqual(['certificate_revoked', admin.email]);

    // Issued again by hand after the revoke: a new code; the old one stays revoked.
    const again = await post(byHand(speaker.id));
    expect(again.status).toBe(201);
    const { code } = (await again.json()) as { code: string };
    expect(code).not.toBe(body.code);
    expect(await (await server.request(withCode(certificatePage, body.code))).text()).toContain(
      'Certificado revogado',
    );
  });

  it('is for admins only', async () => {
    const door = await startSession(server.app.db.kysely, { role: 'door' });
    const response = await server.request(api.adminCertificates, {
      method: 'POST',
      headers: { cookie: door.cookie },
    });
    expect(response.status).toBe(403);
  });
});
