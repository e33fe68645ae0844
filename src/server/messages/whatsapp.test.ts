// WhatsApp Business end to end against a local stand-in for Meta's Graph API
// (test/stand-ins/graph-api.ts: Meta cannot be reached from here), and its signed status webhook.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingStateSchema, type Message } from '../../shared/message.schema.ts';
import { api, withId } from '../../shared/paths.ts';
import type { Registration } from '../../shared/registration.schema.ts';
import {
  graphErrors,
  sendingEnv,
  startTestGraphApi,
  type TestGraphApi,
} from '#test/stand-ins/graph-api.ts';
import { registerConfirmed } from '#test/api/door.ts';
import { listMessages } from '#test/api/messages.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { register, startTestServer, type TestServer } from '#test/servers/test-server.ts';
import { signature, statusReport } from '#test/stand-ins/whatsapp-webhook.ts';

const appSecret = 'segredo-do-app-de-teste';
const verifyToken = 'token-de-verificacao';
let graph: TestGraphApi;
let server: TestServer;
let admin: TestSession;

beforeAll(async () => {
  graph = await startTestGraphApi();
  server = await startTestServer(sendingEnv({ graph, webhook: { appSecret, verifyToken } }), {
    config: { outboxRetry: { baseMs: 300, pausedProbeMs: 300 } },
  });
  admin = await startSession(server.app.db.kysely);
});
afterAll(async () => {
  await server.close();
  await graph.close();
});

let phoneCounter = 0;
/** A valid US number of its own for each registration, so each has its own script. */
function uniquePhone(): string {
  phoneCounter += 1;
  return `+1508555${String(1000 + phoneCounter).slice(-4)}`;
}

function registerAndConfirm(): Promise<Registration> {
  return registerConfirmed(server, admin.cookie, { whatsapp: uniquePhone() });
}

function messagesOf(id: string): Promise<Message[]> {
  return listMessages(server, admin.cookie, id);
}

async function whatsappOf(id: string): Promise<Message | undefined> {
  return (await messagesOf(id)).find((m) => m.channel === 'whatsapp');
}

/** What the panel's messaging line reads. */
async function messagingState() {
  return messagingStateSchema.parse(
    await (await server.request(api.adminMessaging, { headers: { cookie: admin.cookie } })).json(),
  );
}

function digits(phone: string) {
  return phone.replace(/\D/g, '');
}

function signed(body: string, secret = appSecret) {
  return signature(body, secret);
}

const statusWebhook = statusReport;

async function postWebhook(body: string, signature: string | null = signed(body)) {
  return fetch(server.url + api.whatsappWebhook, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'x-hub-signature-256': signature } : {}),
    },
    body,
  });
}

describe('WhatsApp Business sending', () => {
  it('sends the approved template on confirmation and keeps the wamid', async () => {
    const registration = await registerAndConfirm();
    await expect.poll(async () => (await whatsappOf(registration.id))?.status).toBe('sent');
    const request = graph.requests.find((r) => r.body.to === digits(registration.whatsapp));
    expect(request?.path).toBe('/v23.0/106540352242922/messages');
    expect(request?.authorization).toBe('Bearer EAAG-token-de-teste');
    expect(request?.body).toMatchObject({
      messaging_product: 'whatsapp',
      type: 'template',
      template: {
        name: 'ingresso_confirmado',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Maria da Silva' },
              { type: 'text', text: 'Build Safe' },
              { type: 'text', text: '6 de dezembro de 2025, às 7:30' },
            ],
          },
          {
            type: 'button',
            sub_type: 'url',
            index: '0',
            parameters: [{ type: 'text', text: registration.ticket_code }],
          },
        ],
      },
    });
    // Without WHATSAPP_TEMPLATE_CANCEL_BUTTON, the template has its one button, and the person's
    // own token is not sent (decision 0145).
    expect(request?.body.template.components).toHaveLength(2);
    const { personal_token } = await server.app.db.kysely
      .selectFrom('registrations')
      .select('personal_token')
      .where('id', '=', registration.id)
      .executeTakeFirstOrThrow();
    expect(personal_token).toEqual(expect.any(String));
    expect(JSON.stringify(request?.body)).not.toContain(personal_token);
    const row = await server.app.db.kysely
      .selectFrom('messages')
      .select('provider_id')
      .where('registration_id', '=', registration.id)
      .where('channel', '=', 'whatsapp')
      .executeTakeFirstOrThrow();
    expect(row.provider_id).toBe(request?.wamid);
  });

  it('names on the privacy page what Meta gets: no personal link without the second button', async () => {
    // The built site's page (npm run build), rendered with the server's providers.
    const page = await server.request('/privacidade');
    expect(page.status).toBe(200);
    const text = (await page.text()).replace(/<!-- -->/g, '').replace(/\s+/g, ' ');
    expect(text).toContain(
      'mensagem do ingresso (seu nome, o nome do evento, a data e o código do ingresso), para entregar o ingresso no seu WhatsApp.',
    );
  });

  it('fails at once, in pt-BR, for a number not on WhatsApp (131026)', async () => {
    const phone = uniquePhone();
    graph.script(digits(phone), [graphErrors.notOnWhatsapp]);
    const registration = await register(server, { whatsapp: phone });
    await server.request(withId(api.adminConfirm, registration.id), {
      method: 'POST',
      headers: { cookie: admin.cookie },
    });
    await expect.poll(async () => (await whatsappOf(registration.id))?.status).toBe('failed');
    const message = await whatsappOf(registration.id);
    expect(message?.attempts).toBe(1);
    expect(message?.error).toEqual({
      code: 'whatsapp_131026',
      message: 'Este número não tem WhatsApp ou não pode receber a mensagem.',
    });
  });

  it('waits and tries again after a rate limit (130429), then sends', async () => {
    const phone = uniquePhone();
    graph.script(digits(phone), [graphErrors.rateLimited]);
    const registration = await register(server, { whatsapp: phone });
    await server.request(withId(api.adminConfirm, registration.id), {
      method: 'POST',
      headers: { cookie: admin.cookie },
    });
    await expect
      .poll(async () => (await whatsappOf(registration.id))?.status, { timeout: 10_000 })
      .toBe('sent');
    const message = await whatsappOf(registration.id);
    expect(message?.attempts).toBe(2);
    expect(graph.requests.filter((r) => r.body.to === digits(phone))).toHaveLength(2);
  });

  it('pauses on a refused token (401) instead of piling up retries, and says so to the panel', async () => {
    graph.answerAll(graphErrors.badToken);
    try {
      const before = graph.requests.length;
      const registration = await registerAndConfirm();
      await expect
        .poll(async () => (await messagingState()).whatsapp.paused?.message)
        .toContain('WHATSAPP_TOKEN');
      // The messages wait in the queue, their attempts not counted. While paused, each try is
      // one message, the oldest, again: the others are not sent to fail one after another.
      const others = [await registerAndConfirm(), await registerAndConfirm()];
      await expect
        .poll(() => graph.requests.length - before, { timeout: 5000 })
        .toBeGreaterThanOrEqual(3);
      const tried = new Set(graph.requests.slice(before).map((r) => r.body.to));
      expect(tried).toEqual(new Set([digits(registration.whatsapp)]));
      // Between two probes: during one, the oldest is briefly claimed.
      for (const { id } of [registration, ...others]) {
        await expect.poll(() => whatsappOf(id)).toMatchObject({ status: 'queued', attempts: 0 });
      }
      const second = others[1]!;
      // The token is fixed: the next probe sends, the queue goes out, the panel's line goes.
      graph.answerAll(null);
      await expect
        .poll(async () => (await whatsappOf(second.id))?.status, { timeout: 5000 })
        .toBe('sent');
      expect((await whatsappOf(registration.id))?.status).toBe('sent');
      expect((await messagingState()).whatsapp.paused).toBeNull();
    } finally {
      graph.answerAll(null);
    }
  });
});

describe('an account Meta refuses', () => {
  it('pauses with the reason (131042: payment) instead of failing each ticket, and sends them once it is fixed', async () => {
    graph.answerAll({ status: 400, code: 131042, title: 'Business eligibility payment issue' });
    try {
      const registration = await registerAndConfirm();
      await expect
        .poll(async () => (await messagingState()).whatsapp.paused?.message)
        .toContain('problema de pagamento');
      await expect.poll(() => whatsappOf(registration.id)).toMatchObject({ status: 'queued' });
      graph.answerAll(null);
      await expect
        .poll(async () => (await whatsappOf(registration.id))?.status, { timeout: 5000 })
        .toBe('sent');
      expect((await messagingState()).whatsapp.paused).toBeNull();
    } finally {
      graph.answerAll(null);
    }
  });
});

describe('a paused channel', () => {
  // A server of its own: its poll (every 5 s) starts with it, so only the probe's own wake-up can
  // come within the time allowed below.
  let own: TestServer;
  beforeAll(async () => {
    own = await startTestServer(sendingEnv({ graph }), {
      config: { outboxRetry: { baseMs: 400, pausedProbeMs: 1000 } },
    });
  });
  afterAll(() => own.close());

  it('is probed on time when a retry had set an earlier wake-up', async () => {
    const { cookie } = await startSession(own.app.db.kysely);
    const [retried, refused] = [uniquePhone(), uniquePhone()];
    graph.script(digits(retried), [graphErrors.rateLimited, graphErrors.rateLimited]);
    const before = graph.requests.length;
    const sent = () => graph.requests.length - before;
    try {
      // A temporary refusal: its retry's wake-up is set, due in 0.2 to 0.4 s.
      await registerConfirmed(own, cookie, { whatsapp: retried });
      await expect.poll(sent, { interval: 5 }).toBe(1);
      // Then the token is refused: the channel pauses, its probe due 1 s later.
      graph.answerAll(graphErrors.badToken);
      await registerConfirmed(own, cookie, { whatsapp: refused });
      await expect.poll(sent, { interval: 5 }).toBe(2);
      // The retry's wake-up comes first, finds the channel paused; the probe still comes.
      await expect.poll(sent, { timeout: 2500, interval: 20 }).toBeGreaterThanOrEqual(3);
    } finally {
      graph.answerAll(null);
    }
  });
});

describe('the status webhook', () => {
  it("answers Meta's verification only with the verify token", async () => {
    const ok = await fetch(
      `${server.url}${api.whatsappWebhook}?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=1158201444`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    const wrong = await fetch(
      `${server.url}${api.whatsappWebhook}?hub.mode=subscribe&hub.verify_token=outro&hub.challenge=1`,
    );
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ error: { code: 'bad_verify_token' } });
  });

  it('records nothing from a body without a valid signature', async () => {
    const registration = await registerAndConfirm();
    await expect.poll(async () => (await whatsappOf(registration.id))?.status).toBe('sent');
    const wamid = graph.requests.find((r) => r.body.to === digits(registration.whatsapp))!.wamid!;
    const body = statusWebhook(wamid, 'read');
    expect((await postWebhook(body, null)).status).toBe(401);
    expect((await postWebhook(body, signed(body, 'outro-segredo'))).status).toBe(401);
    expect((await postWebhook(body, signed(body + ' '))).status).toBe(401);
    expect((await postWebhook(body, 'sha256=zz')).status).toBe(401);
    expect((await whatsappOf(registration.id))?.status).toBe('sent');
  });

  it('moves a message forward only, whatever the order and however often Meta repeats', async () => {
    const registration = await registerAndConfirm();
    await expect.poll(async () => (await whatsappOf(registration.id))?.status).toBe('sent');
    const wamid = graph.requests.find((r) => r.body.to === digits(registration.whatsapp))!.wamid!;
    for (const status of ['read', 'delivered', 'sent', 'read', 'delivered']) {
      const response = await postWebhook(statusWebhook(wamid, status));
      expect(response.status).toBe(200);
    }
    await expect.poll(async () => (await whatsappOf(registration.id))?.status).toBe('read');
    const list = (await (
      await server.request(api.adminRegistrations, { headers: { cookie: admin.cookie } })
    ).json()) as Registration[];
    expect(list.find((r) => r.id === registration.id)?.delivery.whatsapp?.status).toBe('read');
  });

  it('records a report that overtakes the answer to the send it is about', async () => {
    graph.beforeAnswer(async ({ wamid }) => {
      expect((await postWebhook(statusWebhook(wamid!, 'delivered'))).status).toBe(200);
    });
    try {
      const registration = await registerAndConfirm();
      await expect
        .poll(async () => (await whatsappOf(registration.id))?.status, { timeout: 10_000 })
        .toBe('delivered');
    } finally {
      graph.beforeAnswer(null);
    }
  });

  it("records a failure with Meta's code and title, and keeps it final", async () => {
    const registration = await registerAndConfirm();
    await expect.poll(async () => (await whatsappOf(registration.id))?.status).toBe('sent');
    const wamid = graph.requests.find((r) => r.body.to === digits(registration.whatsapp))!.wamid!;
    await postWebhook(
      statusWebhook(wamid, 'failed', [
        {
          code: 131049,
          title: 'This message was not delivered to maintain healthy ecosystem engagement.',
        },
      ]),
    );
    await postWebhook(statusWebhook(wamid, 'delivered'));
    await expect.poll(async () => (await whatsappOf(registration.id))?.status).toBe('failed');
    const message = await whatsappOf(registration.id);
    expect(message?.error?.code).toBe('whatsapp_131049');
    expect(message?.error?.message).toContain('131049');
  });
});
