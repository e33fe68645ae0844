// What the organizer reads when Meta reports a ticket undelivered on its status webhook, after
// taking the send: a number that is not on WhatsApp is answered with a wamid and reported failed
// (131026) a moment later. The reason is the same pt-BR one as when the send itself is refused,
// not Meta's English title.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../shared/message.schema.ts';
import { api } from '../../shared/paths.ts';
import { registerConfirmed } from '#test/api/door.ts';
import { sendingEnv, startTestGraphApi, type TestGraphApi } from '#test/stand-ins/graph-api.ts';
import { listMessages } from '#test/api/messages.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';
import { signature, statusReport } from '#test/stand-ins/whatsapp-webhook.ts';

const appSecret = 'segredo-do-app-de-teste';
let graph: TestGraphApi;
let server: TestServer;
let admin: TestSession;

beforeAll(async () => {
  graph = await startTestGraphApi();
  server = await startTestServer(
    sendingEnv({ graph, webhook: { appSecret, verifyToken: 'token-de-verificacao' } }),
  );
  admin = await startSession(server.app.db.kysely);
});
afterAll(async () => {
  await server?.close();
  await graph?.close();
});

async function whatsappOf(id: string): Promise<Message | undefined> {
  return (await listMessages(server, admin.cookie, id)).find((m) => m.channel === 'whatsapp');
}

async function reportFailed(wamid: string, errors: unknown[]) {
  const body = statusReport(wamid, 'failed', errors);
  const response = await fetch(server.url + api.whatsappWebhook, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': signature(body, appSecret),
    },
    body,
  });
  expect(response.status).toBe(200);
}

describe('a ticket Meta reports undelivered', () => {
  it('says in pt-BR that the number has no WhatsApp (131026 on the webhook)', async () => {
    const registration = await registerConfirmed(server, admin.cookie, {
      whatsapp: '+15085559101',
    });
    await expect.poll(async () => (await whatsappOf(registration.id))?.status).toBe('sent');
    const wamid = graph.requests.find((r) => r.body.to === '15085559101')!.wamid!;
    await reportFailed(wamid, [
      {
        code: 131026,
        title: 'Message undeliverable',
        message: 'Message undeliverable',
        error_data: { details: 'Message Undeliverable.' },
      },
    ]);
    await expect.poll(async () => (await whatsappOf(registration.id))?.status).toBe('failed');
    expect((await whatsappOf(registration.id))?.error).toEqual({
      code: 'whatsapp_131026',
      message: 'Este número não tem WhatsApp ou não pode receber a mensagem.',
    });
  });
});
