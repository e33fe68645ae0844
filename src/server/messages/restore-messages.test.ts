// A cancellation undone by a restore while the mail server asks to come back later (421): the
// person, confirmed again, gets one ticket and no 'Inscrição cancelada' e-mail (decision 0160).
// The real server over HTTP, a real SQLite file and the real SMTP test server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, withId } from '../../shared/paths.ts';
import { sendingEnv } from '#test/stand-ins/graph-api.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import { register, startTestServer, type TestServer } from '#test/servers/test-server.ts';

describe('messages around a restore', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  let admin: TestSession;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    // Retries within a second: the old ticket's retry comes due while the test watches.
    server = await startTestServer(sendingEnv({ smtp: smtp.url }), {
      config: { outboxRetry: { baseMs: 1000 } },
    });
    admin = await startSession(server.app.db.kysely);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const asAdmin = (path: string) =>
    server.request(path, { method: 'POST', headers: { cookie: admin.cookie } });

  function messagesOf(id: string) {
    return server.app.db.kysely
      .selectFrom('messages')
      .select(['kind', 'status', 'attempts', 'error_code'])
      .where('registration_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** Waits until this registration's message of `kind` was answered 421 once and waits again. */
  async function deferredOnce(id: string, kind: 'ticket' | 'cancelled') {
    await expect
      .poll(async () => (await messagesOf(id)).find((m) => m.kind === kind), { timeout: 10_000 })
      .toMatchObject({ status: 'queued', attempts: 1 });
  }

  it('sends one ticket and no cancellation e-mail to a person cancelled by mistake and restored while retries wait', async () => {
    const person = await register(server);
    await smtp.waitFor(1);
    // The mail server is busy: the ticket and then the cancellation's e-mail wait for a retry.
    smtp.deferNext(2);
    expect((await asAdmin(withId(api.adminConfirm, person.id))).status).toBe(200);
    await deferredOnce(person.id, 'ticket');
    expect((await asAdmin(withId(api.adminCancel, person.id))).status).toBe(200);
    await deferredOnce(person.id, 'cancelled');
    expect((await asAdmin(withId(api.adminRestore, person.id))).status).toBe(200);

    // Everything decided: nothing left queued or being sent, retries included.
    await expect
      .poll(
        async () =>
          (await messagesOf(person.id)).filter(
            (m) => m.status === 'queued' || m.status === 'sending',
          ),
        { timeout: 15_000 },
      )
      .toEqual([]);
    expect(smtp.received.map((mail) => mail.subject)).toEqual([
      expect.stringContaining('Recebemos sua inscrição'),
      expect.stringContaining('Seu ingresso'),
    ]);
    expect(
      (await messagesOf(person.id)).map((m) => [m.kind, m.status, m.error_code ?? null]),
    ).toEqual([
      ['received', 'sent', null],
      ['ticket', 'failed', 'cancelled'],
      ['cancelled', 'failed', 'restored'],
      ['ticket', 'sent', null],
    ]);
  });
});
