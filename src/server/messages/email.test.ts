// E-mail end to end: the real server sends through a real SMTP server on loopback, and what
// arrives is read back as a mail client reads it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import type { Message } from '../../shared/message.schema.ts';
import { api, ticketPageUrl, withId } from '../../shared/paths.ts';
import type { Registration } from '../../shared/registration.schema.ts';
import { listMessages } from '#test/api/messages.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { sendingEnv } from '#test/stand-ins/graph-api.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import { register, startTestServer, type TestServer } from '#test/servers/test-server.ts';

let smtp: TestSmtp;
let server: TestServer;
let admin: TestSession;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer(sendingEnv({ smtp: smtp.url }), {
    config: { outboxRetry: { baseMs: 300 } },
  });
  admin = await startSession(server.app.db.kysely);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});
afterEach(() => {
  smtp.received.length = 0;
  smtp.attempts.length = 0;
});

async function confirm(id: string): Promise<Registration> {
  const response = await server.request(withId(api.adminConfirm, id), {
    method: 'POST',
    headers: { cookie: admin.cookie },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Registration;
}

function messagesOf(id: string): Promise<Message[]> {
  return listMessages(server, admin.cookie, id);
}

function mailTo(address: string) {
  return smtp.received.filter(
    (mail) => mail.to && 'text' in mail.to && mail.to.text.includes(address),
  );
}

describe('the e-mails', () => {
  it("sends a 'received' e-mail when someone registers, with what they sent and the event", async () => {
    const registration = await register(server, { nome_completo: 'Ana Souza & Filhos <b>' });
    await smtp.waitFor(1);
    const [mail] = mailTo(registration.email);
    expect(mail?.subject).toBe('Recebemos sua inscrição no Build Safe');
    expect(mail?.from?.text).toContain('inscricoes@exemplo.com');
    expect(mail?.text).toContain('Ela está em análise pela organização');
    expect(mail?.text).toContain('Ana Souza & Filhos <b>');
    expect(mail?.text).toContain(registration.email);
    expect(mail?.text).toContain('6 de dezembro de 2025, às 7:30');
    expect(mail?.text).toContain('Salão de eventos, Foxboro, Massachusetts');
    // The name is escaped in the HTML part, not markup.
    expect(mail?.html).toContain('Ana Souza &amp; Filhos &lt;b&gt;');
    expect(mail?.html).not.toMatch(/<img[^>]+src="(https?:|data:)/);
    await expect.poll(async () => (await messagesOf(registration.id))[0]?.status).toBe('sent');
  });

  it('sends the ticket on confirmation: the link, the QR code inline by cid, and the .ics', async () => {
    const registration = await register(server);
    await smtp.waitFor(1);
    const confirmed = await confirm(registration.id);
    await smtp.waitFor(2);
    const mail = mailTo(registration.email).find((m) => m.subject?.startsWith('Seu ingresso'));
    const link = ticketPageUrl(server.config.publicUrl, confirmed.ticket_code!);
    expect(mail?.subject).toBe('Seu ingresso para o Build Safe');
    expect(mail?.text).toContain(`Seu ingresso para o Build Safe está confirmado!`);
    expect(mail?.text).toContain('Nos vemos lá!');
    expect(mail?.text).toContain(link);
    expect(mail?.html).toContain(`href="${link}"`);
    const qr = mail?.attachments.find((a) => a.contentType === 'image/png');
    expect(qr?.cid).toBeTruthy();
    expect(mail?.html).toContain(`src="cid:${qr?.cid}"`);
    expect(qr?.content.subarray(1, 4).toString()).toBe('PNG');
    const ics = mail?.attachments.find((a) => a.filename === 'evento.ics');
    const page = await server.request(`/ingresso/${confirmed.ticket_code}/evento.ics`);
    // The same file, but for DTSTAMP: when it was written (RFC 5545), a second apart or not.
    const unstamped = (text: string) => text.replace(/^DTSTAMP:.*\r\n/m, '');
    expect(unstamped(ics!.content.toString('utf8'))).toBe(unstamped(await page.text()));
    expect(ics?.content.toString('utf8')).toMatch(/^DTSTAMP:/m);
    // Each e-mail has its own Message-ID, made from its outbox row.
    const ids = mailTo(registration.email).map((m) => m.messageId);
    expect(new Set(ids).size).toBe(2);
    const messages = await messagesOf(registration.id);
    expect(messages.map((m) => [m.kind, m.channel])).toEqual([
      ['received', 'email'],
      ['ticket', 'email'],
    ]);
    expect(ids.map((id) => id?.split('@')[0]?.replace('<', ''))).toEqual(messages.map((m) => m.id));
  });

  it("sends answers to the event's contact e-mail, with a Date and a Message-ID on our host", async () => {
    const registration = await register(server);
    await smtp.waitFor(1);
    await confirm(registration.id);
    await smtp.waitFor(2);
    const mails = mailTo(registration.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Recebemos sua inscrição no Build Safe',
      'Seu ingresso para o Build Safe',
    ]);
    const host = new URL(server.config.publicUrl).hostname;
    for (const mail of mails) {
      // 'Foi um engano? Escreva para…', 'Dúvidas:': a reply reaches the organizer, not MAIL_FROM.
      expect(mail.replyTo?.value.map((a) => a.address)).toEqual(['contato@buildsafe.example']);
      expect(mail.date).toBeInstanceOf(Date);
      expect(mail.messageId).toMatch(new RegExp(`@${host.replace(/\./g, '\\.')}>$`));
      expect(mail.headers.has('list-unsubscribe')).toBe(false);
    }
  });

  it("writes the phone the way the event's phone country does, others in international form", async () => {
    const saved = await server.request(api.adminEvent, { headers: { cookie: admin.cookie } });
    const before = (await saved.json()) as EventSettings;
    const put = (settings: EventSettings) =>
      server.request(api.adminEvent, {
        method: 'PUT',
        headers: { cookie: admin.cookie },
        json: settings,
      });
    try {
      expect((await put({ ...before, phoneCountry: 'BR' })).status).toBe(200);
      const local = await register(server, { whatsapp: '+5581998765432' });
      const abroad = await register(server, { whatsapp: '+12135550100' });
      await smtp.waitFor(2);
      const [toLocal] = mailTo(local.email);
      const [toAbroad] = mailTo(abroad.email);
      expect(toLocal?.text).toContain('WhatsApp: (81) 99876-5432');
      expect(toLocal?.html).toContain('(81) 99876-5432');
      expect(toAbroad?.text).toContain('WhatsApp: +1 213 555 0100');
    } finally {
      expect((await put(before)).status).toBe(200);
    }
  });

  it('retries when the server answers 421, and the message arrives', async () => {
    smtp.deferNext(2);
    const registration = await register(server);
    await smtp.waitFor(1);
    expect(smtp.attempts.map((a) => a.outcome)).toEqual(['deferred', 'deferred', 'accepted']);
    await expect.poll(async () => (await messagesOf(registration.id))[0]?.status).toBe('sent');
    const [message] = await messagesOf(registration.id);
    expect(message?.attempts).toBe(3);
    expect(message?.error).toBeNull();
  });

  it('fails at once, with the reason in pt-BR, when the server refuses the address (550)', async () => {
    const registration = await register(server, { email: 'recusado@exemplo.com' });
    smtp.refuse('recusado@exemplo.com');
    await expect.poll(async () => (await messagesOf(registration.id))[0]?.status).toBe('failed');
    const [message] = await messagesOf(registration.id);
    expect(message?.attempts).toBe(1);
    expect(message?.error).toEqual({
      code: 'smtp_550',
      message: 'O servidor de e-mail recusou a mensagem (550): confira o endereço.',
    });
    // The panel's card shows it too.
    const list = (await (
      await server.request(api.adminRegistrations, { headers: { cookie: admin.cookie } })
    ).json()) as Registration[];
    expect(list.find((r) => r.id === registration.id)?.delivery.email).toEqual({
      kind: 'received',
      status: 'failed',
      error: message?.error,
    });
  });

  it("tells the panels' live stream where the message got, as soon as it is written", async () => {
    // A slow mail server: the registration's own change is read before its e-mail is sent.
    smtp.slow(300);
    const seen: string[] = [];
    const unsubscribe = server.app.live.subscribe(({ change }) => {
      if (change.type !== 'deleted') seen.push(change.registration.delivery.email?.status ?? '');
    });
    try {
      await register(server);
      await expect.poll(() => seen.length).toBeGreaterThan(0);
      expect(['queued', 'sending']).toContain(seen[0]);
      // Nothing else happens meanwhile: only the sender's outcome can bring this change.
      await expect.poll(() => seen.at(-1)).toBe('sent');
    } finally {
      unsubscribe();
      smtp.slow(0);
    }
  });

  it('keeps no address in the outbox, and deleting the registration erases its messages', async () => {
    const registration = await register(server);
    await smtp.waitFor(1);
    const rows = await server.app.db.kysely.selectFrom('messages').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('@exemplo.com');
    expect(JSON.stringify(rows)).not.toContain('+1508');
    const deleted = await server.request(withId(api.adminRegistration, registration.id), {
      method: 'DELETE',
      headers: { cookie: admin.cookie },
    });
    expect(deleted.status).toBe(204);
    const left = await server.app.db.kysely
      .selectFrom('messages')
      .select('id')
      .where('registration_id', '=', registration.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('speaks with the texts and the event as last saved in the panel, with no restart', async () => {
    const saved = await server.request(api.adminEvent, { headers: { cookie: admin.cookie } });
    const before = (await saved.json()) as EventSettings;
    const put = (settings: EventSettings) =>
      server.request(api.adminEvent, {
        method: 'PUT',
        headers: { cookie: admin.cookie },
        json: settings,
      });
    try {
      const changed = await put({
        ...before,
        venue: 'Centro de Convenções',
        receivedEmailIntro: 'Oi, {nome}! Sua inscrição no {evento} chegou.',
        ticketEmailIntro: 'Tudo certo, {nome}: até {data}!',
      });
      expect(changed.status).toBe(200);
      const registration = await register(server, { nome_completo: 'Bia Lima' });
      await smtp.waitFor(1);
      await confirm(registration.id);
      await smtp.waitFor(2);
      const [received, ticket] = mailTo(registration.email);
      expect(received?.text?.split('\n')[0]).toBe(
        'Oi, Bia Lima! Sua inscrição no Build Safe chegou.',
      );
      expect(ticket?.text?.split('\n')[0]).toBe('Tudo certo, Bia Lima: até 6 de dezembro de 2025!');
      expect(ticket?.text).toContain('📍 Centro de Convenções, Foxboro, Massachusetts');
    } finally {
      expect((await put(before)).status).toBe(200);
    }
  });
});
