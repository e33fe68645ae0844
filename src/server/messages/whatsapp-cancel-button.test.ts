// The WhatsApp ticket's second button (decision 0145): with WHATSAPP_TEMPLATE_CANCEL_BUTTON on,
// the template sent to the local stand-in for Meta's Graph API (test/stand-ins/graph-api.ts) carries
// two URL buttons, the ticket code for PUBLIC_URL/ingresso/{{1}} and the person's own token for
// PUBLIC_URL/inscricao/{{1}}; the token is in no log line and in no stored refusal, even one
// where Meta would quote it; the privacy page says Meta gets it. (Off, the default, only the
// first: whatsapp.test.ts.)
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendeePageUrl, api, withId } from '../../shared/paths.ts';
import type { Message } from '../../shared/message.schema.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { sendingEnv, startTestGraphApi, type TestGraphApi } from '#test/stand-ins/graph-api.ts';
import { listMessages } from '#test/api/messages.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

let graph: TestGraphApi;
let server: TestServer;
let admin: TestSession;
let log = '';
/** Every token handed out in this file: none may reach the log. */
const tokens: string[] = [];

beforeAll(async () => {
  graph = await startTestGraphApi();
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      log += String(chunk);
      done();
    },
  });
  server = await startTestServer(
    { ...sendingEnv({ graph }), WHATSAPP_TEMPLATE_CANCEL_BUTTON: '1' },
    { logStream, config: { outboxRetry: { baseMs: 300, pausedProbeMs: 300 } } },
  );
  admin = await startSession(server.app.db.kysely);
});
afterAll(async () => {
  await server?.close();
  await graph?.close();
});

let phoneCounter = 0;
function uniquePhone(): string {
  phoneCounter += 1;
  return `+1508555${String(2000 + phoneCounter).slice(-4)}`;
}

/** A registration as a visitor makes it, with the token its 201 answer gives, then confirmed. */
async function registerAndConfirm(whatsapp = uniquePhone()) {
  const created = await server.request(api.registrations, {
    method: 'POST',
    json: validRegistration({ whatsapp }),
  });
  expect(created.status).toBe(201);
  const { id, personal_page } = (await created.json()) as { id: string; personal_page: string };
  const token = personal_page.split('/').pop()!;
  tokens.push(token);
  const confirmed = await server.request(withId(api.adminConfirm, id), {
    method: 'POST',
    headers: { cookie: admin.cookie },
  });
  expect(confirmed.status).toBe(200);
  const { ticket_code } = (await confirmed.json()) as { ticket_code: string };
  return { id, whatsapp, token, personalPage: personal_page, ticketCode: ticket_code };
}

async function whatsappOf(id: string): Promise<Message | undefined> {
  return (await listMessages(server, admin.cookie, id)).find((m) => m.channel === 'whatsapp');
}

describe('WHATSAPP_TEMPLATE_CANCEL_BUTTON on', () => {
  it('is read from the environment', () => {
    expect(server.config.whatsapp?.cancelButton).toBe(true);
  });

  it('sends both URL buttons: the ticket code, then the person’s own token', async () => {
    const person = await registerAndConfirm();
    await expect.poll(async () => (await whatsappOf(person.id))?.status).toBe('sent');
    const request = graph.requests.find((r) => r.body.to === person.whatsapp.slice(1));
    expect(request?.body.template.components).toEqual([
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
        parameters: [{ type: 'text', text: person.ticketCode }],
      },
      {
        type: 'button',
        sub_type: 'url',
        index: '1',
        parameters: [{ type: 'text', text: person.token }],
      },
    ]);
    // The template's second button is PUBLIC_URL/inscricao/{{1}}: with this parameter, the
    // person's own page, as the registration's answer and the e-mails give it.
    expect(attendeePageUrl(server.config.publicUrl, person.token)).toBe(person.personalPage);
    const stored = await server.app.db.kysely
      .selectFrom('registrations')
      .select('personal_token')
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(stored.personal_token).toBe(person.token);
  });

  it('keeps the token out of a refusal’s stored message, even one that quotes it', async () => {
    const phone = uniquePhone();
    // A Graph refusal with a code we do not know, whose title quotes the parameter: the panel
    // shows Meta's title for those. The token is known once registered, so the script is set
    // between the registration and its confirmation.
    const created = await server.request(api.registrations, {
      method: 'POST',
      json: validRegistration({ whatsapp: phone }),
    });
    const { id, personal_page } = (await created.json()) as { id: string; personal_page: string };
    const token = personal_page.split('/').pop()!;
    tokens.push(token);
    graph.script(phone.slice(1), [
      { status: 400, code: 100, title: `Invalid parameter: button 1 text ${token}` },
    ]);
    await server.request(withId(api.adminConfirm, id), {
      method: 'POST',
      headers: { cookie: admin.cookie },
    });
    await expect.poll(async () => (await whatsappOf(id))?.status).toBe('failed');
    const message = await whatsappOf(id);
    expect(message?.error?.code).toBe('whatsapp_100');
    expect(message?.error?.message).toContain('Invalid parameter: button 1 text');
    expect(message?.error?.message).not.toContain(token);
    const rows = await server.app.db.kysely
      .selectFrom('messages')
      .selectAll()
      .where('registration_id', '=', id)
      .execute();
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('says on the privacy page that Meta gets the address of the person’s own page', async () => {
    // The built site's page (npm run build), rendered with the server's providers.
    const page = await server.request('/privacidade');
    expect(page.status).toBe(200);
    const text = (await page.text()).replace(/<!-- -->/g, '').replace(/\s+/g, ' ');
    expect(text).toContain(
      'mensagem do ingresso (seu nome, o nome do evento, a data, o código do ingresso e o endereço da sua página de inscrição), para entregar o ingresso no seu WhatsApp.',
    );
  });

  it('leaves no token in the log, nor in the panel’s list', async () => {
    const list = await server.request(api.adminRegistrations, {
      headers: { cookie: admin.cookie },
    });
    const body = await list.text();
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    expect(log.length).toBeGreaterThan(0);
    for (const token of tokens) {
      expect(body).not.toContain(token);
      expect(log).not.toContain(token);
    }
  });
});
