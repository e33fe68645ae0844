// The WhatsApp webhook never answers 500 and never moves a message the wrong way (issue 31.2): a
// verify token as long as ours in characters but not in bytes, signed bodies of any shape, a
// report about an id of another channel, a failure reported after the ticket was read.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../shared/message.schema.ts';
import { api } from '../../shared/paths.ts';
import { registerConfirmed } from '#test/api/door.ts';
import { listMessages } from '#test/api/messages.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { sendingEnv, startTestGraphApi, type TestGraphApi } from '#test/stand-ins/graph-api.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import { signature, statusReport } from '#test/stand-ins/whatsapp-webhook.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

const appSecret = 'segredo-do-app-de-teste';
const verifyToken = 'token-de-verificacao';
let graph: TestGraphApi;
let smtp: TestSmtp;
let server: TestServer;
let admin: TestSession;
let log = '';

beforeAll(async () => {
  graph = await startTestGraphApi();
  smtp = await startTestSmtp();
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      log += String(chunk);
      done();
    },
  });
  server = await startTestServer(
    sendingEnv({ smtp: smtp.url, graph, webhook: { appSecret, verifyToken } }),
    { logStream },
  );
  admin = await startSession(server.app.db.kysely);
});
afterAll(async () => {
  await server?.close();
  await graph?.close();
  await smtp?.close();
});

/** The log's lines at `error` or worse (pino's level 50 and up). */
function errorsLogged(): string[] {
  return log
    .split('\n')
    .filter((line) => line && (JSON.parse(line) as { level: number }).level >= 50);
}

let phoneCounter = 0;
async function confirmedWithTicketSent() {
  phoneCounter += 1;
  const registration = await registerConfirmed(server, admin.cookie, {
    whatsapp: `+1508555${String(2000 + phoneCounter)}`,
  });
  await expect.poll(async () => (await whatsappOf(registration.id))?.status).toBe('sent');
  const wamid = graph.requests.find(
    (r) => r.body.to === registration.whatsapp.replace(/\D/g, ''),
  )!.wamid!;
  return { registration, wamid };
}

async function messagesOf(id: string): Promise<Message[]> {
  return listMessages(server, admin.cookie, id);
}

async function whatsappOf(id: string): Promise<Message | undefined> {
  return (await messagesOf(id)).find((m) => m.channel === 'whatsapp');
}

async function postSigned(body: string) {
  const response = await fetch(server.url + api.whatsappWebhook, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': signature(body, appSecret),
    },
    body,
  });
  return { status: response.status, text: await response.text() };
}

/** A report Meta could send, in its envelope, as an object to put in odd places. */
function statusOf(wamid: string, status: string): unknown {
  return (JSON.parse(statusReport(wamid, status)) as { entry: unknown[] }).entry[0];
}

describe("the webhook's verification", () => {
  it('answers 403 to a token as long as ours in characters, not in bytes', async () => {
    const sameLength = `é${verifyToken.slice(1)}`;
    expect(sameLength).toHaveLength(verifyToken.length);
    expect(Buffer.byteLength(sameLength)).not.toBe(Buffer.byteLength(verifyToken));
    for (const token of [sameLength, '€', `${verifyToken}é`, '']) {
      const response = await fetch(
        `${server.url}${api.whatsappWebhook}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1`,
      );
      expect({ token, status: response.status }).toEqual({ token, status: 403 });
      expect(await response.json()).toMatchObject({ error: { code: 'bad_verify_token' } });
    }
    const repeated = await fetch(
      `${server.url}${api.whatsappWebhook}?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.verify_token=${verifyToken}&hub.challenge=1`,
    );
    expect(repeated.status).toBe(403);
    expect(errorsLogged()).toEqual([]);
  });
});

describe('a signed body of any shape', () => {
  it('applies every well-formed status in it and skips the rest, logging no error', async () => {
    const first = await confirmedWithTicketSent();
    const second = await confirmedWithTicketSent();
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        null,
        'texto',
        7,
        { changes: null },
        { changes: [null, 'x', 3, { value: null }, { value: { statuses: 'nada' } }] },
        {
          changes: [
            {
              value: {
                statuses: [
                  null,
                  5,
                  'lido',
                  { id: 12, status: 'read' },
                  { id: first.wamid, status: 'lido' },
                  { id: first.wamid, status: 'read' },
                  { id: second.wamid, status: 'failed', errors: [null] },
                ],
              },
            },
          ],
        },
        statusOf(second.wamid, 'delivered'),
      ],
    });
    expect(await postSigned(body)).toEqual({ status: 200, text: '{"ok":true}' });
    await expect.poll(async () => (await whatsappOf(first.registration.id))?.status).toBe('read');
    await expect
      .poll(async () => (await whatsappOf(second.registration.id))?.status)
      .toBe('failed');

    for (const odd of ['null', '7', '"texto"', '[]', '{}', '{"entry":null}', '{"entry":"x"}']) {
      expect({ odd, ...(await postSigned(odd)) }).toEqual({
        odd,
        status: 200,
        text: '{"ok":true}',
      });
    }
    // Applied after the answer: a last report, well-formed, shows the earlier ones are done.
    const third = await confirmedWithTicketSent();
    await postSigned(statusReport(third.wamid, 'delivered'));
    await expect
      .poll(async () => (await whatsappOf(third.registration.id))?.status)
      .toBe('delivered');
    expect(errorsLogged()).toEqual([]);
  });
});

/** One body holding these reports, applied in order: the last one shows the others were handled. */
function reports(...list: Array<[id: string, status: string, errors?: unknown[]]>): string {
  const statuses = list.map(([id, status, errors]) => ({
    id,
    status,
    timestamp: String(Math.floor(Date.now() / 1000)),
    recipient_id: '15085551234',
    ...(errors ? { errors } : {}),
  }));
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '1', changes: [{ field: 'messages', value: { statuses } }] }],
  });
}

describe('a report that does not belong to the ticket as it stands', () => {
  it("changes nothing for an e-mail's Message-ID", async () => {
    const { registration } = await confirmedWithTicketSent();
    // The ticket's e-mail, not the one that said the registration arrived (sent first).
    await expect
      .poll(async () =>
        (await messagesOf(registration.id)).find(
          (m) => m.channel === 'email' && m.kind === 'ticket',
        ),
      )
      .toMatchObject({ status: 'sent' });
    const email = await server.app.db.kysely
      .selectFrom('messages')
      .select('provider_id')
      .where('registration_id', '=', registration.id)
      .where('channel', '=', 'email')
      .where('kind', '=', 'ticket')
      .executeTakeFirstOrThrow();
    expect(email.provider_id).toMatch(/^<.+@.+>$/);
    const witness = await confirmedWithTicketSent();
    await postSigned(
      reports(
        [email.provider_id!, 'delivered'],
        [email.provider_id!, 'read'],
        [email.provider_id!, 'failed', [{ code: 131026 }]],
        [witness.wamid, 'delivered'],
      ),
    );
    await expect
      .poll(async () => (await whatsappOf(witness.registration.id))?.status)
      .toBe('delivered');
    const emails = (await messagesOf(registration.id)).filter((m) => m.channel === 'email');
    expect(emails.map((m) => [m.status, m.error])).toEqual(emails.map(() => ['sent', null]));
  });

  it('does not turn a delivered or read ticket into a failed one', async () => {
    for (const reached of ['delivered', 'read']) {
      const { registration, wamid } = await confirmedWithTicketSent();
      const witness = await confirmedWithTicketSent();
      await postSigned(
        reports(
          [wamid, reached],
          [wamid, 'failed', [{ code: 131026, title: 'Message undeliverable' }]],
          [witness.wamid, 'failed', [{ code: 131026, title: 'Message undeliverable' }]],
        ),
      );
      // A failure after 'sent' still counts.
      await expect
        .poll(async () => (await whatsappOf(witness.registration.id))?.status)
        .toBe('failed');
      expect(await whatsappOf(registration.id)).toMatchObject({ status: reached, error: null });
    }
  });
});
