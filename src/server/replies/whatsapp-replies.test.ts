// Replies on WhatsApp (issue 35.2), on both engines, through a real SMTP server and the Graph API
// stand-in, which delivers what people tap to the webhook signed as Meta does: 'Não poderei ir' →
// 'Tem certeza?' → 'Sim, cancelar' ends with the seat passed to the waiting list's first, confirmed
// and sent their ticket; 'Vou comparecer' is on the registration; a delivery replayed changes
// nothing twice; an unsigned reply, one from another number and one to an unknown message change
// nothing, and the log never holds the number.
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/audit.schema.ts';
import { api, withId } from '../../shared/paths.ts';
import type { Registration } from '../../shared/registration.schema.ts';
import { eventAfterReminder, justAfter, reminderRequests } from '#test/api/reminders.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { register, startTestServer, type TestServer } from '#test/servers/test-server.ts';
import { sendingEnv, startTestGraphApi, type TestGraphApi } from '#test/stand-ins/graph-api.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import { incomingReply, type Tap, replyOutcomes } from '#test/stand-ins/whatsapp-webhook.ts';
import { cancelCheckReplies, replyTexts } from '../messages/reply-composition.ts';
import { reminderReplies } from '../messages/reminder-composition.ts';
import { queueDueReminders } from '../reminders/reminders.job.ts';

const appSecret = 'segredo-do-app-de-teste';
const template = 'lembrete_evento';
/** The waits before a reply is looked up again (about 30 s in all by default). */
const replyRetryMs = [250, 500, 1000, 2000];

describe.each([['SQLite'], ['PostgreSQL']] as const)('on %s', (engine) => {
  let smtp: TestSmtp;
  let graph: TestGraphApi;
  let database: TempPostgres | undefined;
  let server: TestServer;
  let admin: TestSession;
  let log = '';

  beforeAll(async () => {
    smtp = await startTestSmtp();
    graph = await startTestGraphApi();
    database = engine === 'PostgreSQL' ? await createTempPostgres() : undefined;
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        log += String(chunk);
        done();
      },
    });
    server = await startTestServer(
      {
        ...sendingEnv({
          smtp: smtp.url,
          graph,
          webhook: { appSecret, verifyToken: 'token-de-verificacao' },
        }),
        WHATSAPP_TEMPLATE_REMINDER: template,
        ...(database ? { DATABASE_URL: database.url } : {}),
      },
      { logStream, config: { replyRetryMs } },
    );
    admin = await startSession(server.app.db.kysely);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await database?.drop();
    await smtp?.close();
    await graph?.close();
  });

  const db = () => server.app.db.kysely;
  /** What the server logged it did with a reply (its id), sorted. */
  const outcomesOf = (id: string) => replyOutcomes(log, id);
  /** The server's log lines about a reply (its id) that contain `text`. */
  const linesAbout = (id: string, text: string) =>
    log.split('\n').filter((line) => line.includes(`"reply":"${id}"`) && line.includes(text));
  const digits = (phone: string) => phone.replace(/\D/g, '');
  const webhook = () => server.url + api.whatsappWebhook;

  /** Meta delivers a tap on `contextId` from `from`, signed (or not); the webhook's status. */
  async function tap(from: string, contextId: string, button: Tap, id?: string, signed = true) {
    const reply = incomingReply({ from, contextId, tap: button, ...(id ? { id } : {}) });
    const status = await graph.deliver(webhook(), reply.body, signed ? appSecret : null);
    return { id: reply.id, status };
  }

  async function registration(id: string): Promise<Registration> {
    const response = await server.request(api.adminRegistrations, {
      headers: { cookie: admin.cookie },
    });
    const list = (await response.json()) as Registration[];
    return list.find((r) => r.id === id)!;
  }

  /** 'Resultados'' figures for the current edition (issue 35.5). */
  async function answers() {
    const response = await server.request(api.adminReminderAnswers, {
      headers: { cookie: admin.cookie },
    });
    expect(response.status).toBe(200);
    return response.json();
  }

  const rowsOf = async (id: string) => ({
    messages: await db()
      .selectFrom('messages')
      .select(['kind', 'channel'])
      .where('registration_id', '=', id)
      .orderBy('created_at')
      .execute(),
    audit: (
      await db()
        .selectFrom('audit_entries')
        .select('action')
        .where('registration_id', '=', id)
        .execute()
    ).map((entry) => entry.action),
    replies: await db()
      .selectFrom('whatsapp_replies')
      .select('action')
      .where('registration_id', '=', id)
      .execute(),
  });

  /**
   * Once our outbox holds Meta's id for a message it sent: a person can answer only a message
   * that reached them, by then recorded; the stand-in answers faster than any thumb.
   */
  async function recorded(wamid: string): Promise<string> {
    await expect
      .poll(async () =>
        db()
          .selectFrom('messages')
          .select('id')
          .where('provider_id', '=', wamid)
          .executeTakeFirst(),
      )
      .toBeTruthy();
    return wamid;
  }

  /** The reminder's wamid at the stand-in, once it went to this number. */
  async function reminderTo(phone: string): Promise<string> {
    await expect
      .poll(() => reminderRequests(graph, template).some((r) => r.body.to === digits(phone)), {
        timeout: 20_000,
      })
      .toBe(true);
    return recorded(
      reminderRequests(graph, template).find((r) => r.body.to === digits(phone))!.wamid!,
    );
  }

  /** One seat taken by `seated`, one person waiting; the reminder sent. */
  async function eventWithAWaitingList(tag: string) {
    // A new edition of its own: one seat, nobody in it yet.
    const created = await server.request(api.adminEditions, {
      method: 'POST',
      headers: { cookie: admin.cookie },
      json: { date: '2027-03-01', name: `Edição ${tag}` },
    });
    expect(created.status).toBe(201);
    const { startsAt } = await eventAfterReminder(server, admin.cookie, 24, [24], {
      capacity: 1,
      admission: 'automatic',
    });
    const seated = await register(server, {
      email: `sentada.${tag}@exemplo.com`,
      whatsapp: `+1508555${tag}1`,
    });
    expect(seated.status).toBe('confirmed');
    const waiting = await register(server, {
      email: `espera.${tag}@exemplo.com`,
      whatsapp: `+1508555${tag}2`,
    });
    expect(waiting.status).toBe('waitlisted');
    await queueDueReminders(server.app, justAfter(startsAt, 24));
    return { seated, waiting, reminder: await reminderTo(seated.whatsapp) };
  }

  it("'Não poderei ir', then 'Sim, cancelar': the seat goes to the next, who gets a ticket", async () => {
    const { seated, waiting, reminder } = await eventWithAWaitingList('301');

    const no = await tap(digits(seated.whatsapp), reminder, { payload: reminderReplies.no });
    expect(no.status).toBe(200);
    // At once, 'Tem certeza?' with its two reply buttons, as a session message.
    await expect
      .poll(() =>
        graph.requests.some((r) => r.body.to === digits(seated.whatsapp) && r.body.interactive),
      )
      .toBe(true);
    const check = graph.requests.find(
      (r) => r.body.to === digits(seated.whatsapp) && r.body.interactive,
    )!;
    expect(check.body.type).toBe('interactive');
    expect(check.body.interactive).toEqual({
      type: 'button',
      body: { text: 'Tem certeza? Sua vaga passa para a próxima pessoa da lista de espera.' },
      action: {
        buttons: [
          { type: 'reply', reply: { id: cancelCheckReplies.yes, title: 'Sim, cancelar' } },
          { type: 'reply', reply: { id: cancelCheckReplies.no, title: 'Não, vou comparecer' } },
        ],
      },
    });
    // Meta delivers it again before anything else: one 'Tem certeza?' all the same.
    await tap(digits(seated.whatsapp), reminder, { payload: reminderReplies.no }, no.id);
    await expect.poll(() => outcomesOf(no.id)).toEqual(['ask', 'repeated']);
    expect(
      (await rowsOf(seated.id)).messages.filter((m) => m.kind === 'cancel_check'),
    ).toHaveLength(1);
    // Still holding the seat until they say yes.
    expect((await registration(seated.id)).status).toBe('confirmed');
    await expect
      .poll(async () => (await rowsOf(seated.id)).messages.at(-1)?.kind)
      .toBe('cancel_check');

    const yes = await tap(digits(seated.whatsapp), await recorded(check.wamid!), {
      buttonReply: cancelCheckReplies.yes,
      title: replyTexts.yes,
    });
    expect(yes.status).toBe(200);
    await expect.poll(async () => (await registration(seated.id)).status).toBe('cancelled');
    // The waiting list's first: confirmed, their ticket by e-mail and by WhatsApp.
    expect((await registration(waiting.id)).status).toBe('confirmed');
    await expect
      .poll(() =>
        smtp.received.some(
          (mail) =>
            JSON.stringify(mail.to).includes(waiting.email) &&
            mail.attachments.some((a) => a.filename === 'evento.ics'),
        ),
      )
      .toBe(true);
    await expect
      .poll(() =>
        graph.requests.some(
          (r) =>
            r.body.to === digits(waiting.whatsapp) &&
            r.body.template?.name === 'ingresso_confirmado' &&
            r.wamid,
        ),
      )
      .toBe(true);
    // The person: the short confirmation on WhatsApp, and the cancellation's e-mail.
    await expect
      .poll(() => graph.requests.find((r) => r.body.to === digits(seated.whatsapp) && r.body.text))
      .toBeTruthy();
    const confirmation = graph.requests.find(
      (r) => r.body.to === digits(seated.whatsapp) && r.body.text,
    )!;
    expect(confirmation.body.text?.body).toMatch(/^Pronto: sua inscrição em .+ foi cancelada/);
    // As their own page's cancellation: 'withdrawn', the ticket refused at the door; its history
    // names the channel, and the message answered: not the personal link.
    const seatedRows = await rowsOf(seated.id);
    expect(seatedRows.audit).toContain('withdrawn');
    const trail = await server.request(withId(api.adminAudit, seated.id), {
      headers: { cookie: admin.cookie },
    });
    expect(trail.status).toBe(200);
    const withdrawn = ((await trail.json()) as AuditEntry[]).filter(
      (entry) => entry.action === 'withdrawn',
    );
    expect(withdrawn).toEqual([
      expect.objectContaining({
        actor: null,
        message: { kind: 'cancel_check', channel: 'whatsapp' },
      }),
    ]);
    expect((await rowsOf(waiting.id)).audit).toContain('promoted');
    expect(seatedRows.replies.map((r) => r.action).sort()).toEqual(['ask', 'cancel']);
    // The organizer sees it: one cancelled after the reminder, and the seat passed on.
    expect(await answers()).toEqual({
      reminded: 1,
      saidYes: 0,
      cancelledAfterReminder: 1,
      seatsPassed: 1,
    });

    // Meta delivers both again (it does, until it hears a 200 in time): nothing changes twice.
    const before = { seated: await rowsOf(seated.id), waiting: await rowsOf(waiting.id) };
    const requestsBefore = graph.requests.length;
    expect(
      (await tap(digits(seated.whatsapp), reminder, { payload: reminderReplies.no }, no.id)).status,
    ).toBe(200);
    expect(
      (
        await tap(
          digits(seated.whatsapp),
          check.wamid!,
          { buttonReply: cancelCheckReplies.yes },
          yes.id,
        )
      ).status,
    ).toBe(200);
    await expect.poll(() => outcomesOf(no.id)).toEqual(['ask', 'repeated', 'repeated']);
    await expect.poll(() => outcomesOf(yes.id)).toEqual(['cancel', 'repeated']);
    expect(await rowsOf(seated.id)).toEqual(before.seated);
    expect(await rowsOf(waiting.id)).toEqual(before.waiting);
    expect(graph.requests.length).toBe(requestsBefore);
  }, 60_000);

  it("'Vou comparecer' is on the registration, once; 'Não, vou comparecer' as well", async () => {
    const { seated, reminder } = await eventWithAWaitingList('302');
    const yes = await tap(digits(seated.whatsapp), reminder, { payload: reminderReplies.yes });
    expect(yes.status).toBe(200);
    await expect.poll(async () => (await registration(seated.id)).rsvp).toBe('yes');
    await tap(digits(seated.whatsapp), reminder, { payload: reminderReplies.yes }, yes.id);
    const again = await tap(digits(seated.whatsapp), reminder, { payload: reminderReplies.yes });
    await expect.poll(() => outcomesOf(yes.id)).toEqual(['repeated', 'yes']);
    await expect.poll(() => outcomesOf(again.id)).toEqual(['yes']);
    const rows = await rowsOf(seated.id);
    expect(rows.audit.filter((a) => a === 'attendance_confirmed')).toHaveLength(1);
    expect(rows.messages.filter((m) => m.kind === 'cancel_check')).toEqual([]);
    expect(await answers()).toEqual({
      reminded: 1,
      saidYes: 1,
      cancelledAfterReminder: 0,
      seatsPassed: 0,
    });

    // 'Não poderei ir', then 'Não, vou comparecer': still there, nothing cancelled.
    const other = await eventWithAWaitingList('303');
    await tap(digits(other.seated.whatsapp), other.reminder, { payload: reminderReplies.no });
    await expect
      .poll(() =>
        graph.requests.find(
          (r) => r.body.to === digits(other.seated.whatsapp) && r.body.interactive && r.wamid,
        ),
      )
      .toBeTruthy();
    const check = graph.requests.find(
      (r) => r.body.to === digits(other.seated.whatsapp) && r.body.interactive,
    )!;
    await tap(digits(other.seated.whatsapp), await recorded(check.wamid!), {
      buttonReply: cancelCheckReplies.no,
    });
    await expect.poll(async () => (await registration(other.seated.id)).rsvp).toBe('yes');
    expect((await registration(other.seated.id)).status).toBe('confirmed');
    expect((await registration(other.waiting.id)).status).toBe('waitlisted');
  }, 60_000);

  it('ignores an unsigned reply, one from another number and one to a message not ours', async () => {
    const { seated, waiting, reminder } = await eventWithAWaitingList('304');
    const unsigned = await tap(
      digits(seated.whatsapp),
      reminder,
      { payload: reminderReplies.yes },
      undefined,
      false,
    );
    expect(unsigned.status).toBe(401);

    // Another number answering this person's reminder (a forwarded message, a guess).
    const stranger = '15085559999';
    const wrong = await tap(stranger, reminder, { payload: reminderReplies.yes });
    expect(wrong.status).toBe(200);
    await expect.poll(() => outcomesOf(wrong.id)).toEqual(['ignored']);
    const unknown = await tap(digits(seated.whatsapp), 'wamid.desconhecido', {
      payload: reminderReplies.no,
    });
    expect(unknown.status).toBe(200);
    await expect.poll(() => outcomesOf(unknown.id)).toEqual(['ignored']);

    // Looked up again over the whole window first: its message could have been recorded late.
    expect(linesAbout(unknown.id, 'waits for the message it answers')).toHaveLength(
      replyRetryMs.length,
    );
    const lines = log.split('\n').filter((line) => line.includes('a WhatsApp reply was ignored'));
    expect(lines.join('\n')).toContain('"reason":"wrong_number"');
    expect(lines.join('\n')).toContain('"reason":"unknown_context"');
    // Neither number is in the log, anywhere.
    expect(log).not.toContain(stranger);
    expect(log).not.toContain(digits(seated.whatsapp));

    const rows = await rowsOf(seated.id);
    expect((await registration(seated.id)).rsvp).toBeNull();
    expect(rows.replies).toEqual([]);
    expect(rows.messages.filter((m) => m.kind === 'cancel_check')).toEqual([]);
    expect((await registration(waiting.id)).status).toBe('waitlisted');
  }, 60_000);

  it("a reply that overtakes its message's wamid takes effect once the outbox records it", async () => {
    const { seated, reminder } = await eventWithAWaitingList('306');
    // As when Graph's answer to our send is still on its way to the outbox (on this instance or
    // another) as the person taps: the reminder's wamid is not recorded yet.
    const { id: messageId } = await db()
      .selectFrom('messages')
      .select('id')
      .where('provider_id', '=', reminder)
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('messages')
      .set({ provider_id: null })
      .where('id', '=', messageId)
      .execute();

    const no = await tap(digits(seated.whatsapp), reminder, { payload: reminderReplies.no });
    expect(no.status).toBe(200);
    await expect.poll(() => linesAbout(no.id, 'waits for the message it answers')).not.toEqual([]);
    expect(outcomesOf(no.id)).toEqual([]);
    // Meta delivers it again meanwhile: it waits too, and one of the two does it.
    await tap(digits(seated.whatsapp), reminder, { payload: reminderReplies.no }, no.id);
    await db()
      .updateTable('messages')
      .set({ provider_id: reminder })
      .where('id', '=', messageId)
      .execute();
    await expect.poll(() => outcomesOf(no.id)).toEqual(['ask', 'repeated']);
    expect(
      (await rowsOf(seated.id)).messages.filter((m) => m.kind === 'cancel_check'),
    ).toHaveLength(1);
    expect(log).not.toContain(digits(seated.whatsapp));
  }, 60_000);

  it('a reply whose answer failed (the database briefly away) is answered again', async () => {
    const { seated, reminder } = await eventWithAWaitingList('307');
    // Its table out of reach: the reply's transaction throws, as on a dropped connection.
    await sql`alter table whatsapp_replies rename to whatsapp_replies_away`.execute(db());
    let yes = '';
    try {
      const tapped = await tap(digits(seated.whatsapp), reminder, { payload: reminderReplies.yes });
      expect(tapped.status).toBe(200);
      yes = tapped.id;
      await expect.poll(() => linesAbout(yes, 'answering a WhatsApp reply failed')).not.toEqual([]);
    } finally {
      await sql`alter table whatsapp_replies_away rename to whatsapp_replies`.execute(db());
    }
    await expect.poll(async () => (await registration(seated.id)).rsvp).toBe('yes');
    expect(outcomesOf(yes)).toEqual(['yes']);
    expect(log).not.toContain(digits(seated.whatsapp));
  }, 60_000);

  it("the reminder e-mail's two answers open steps whose forms record them; opening changes nothing", async () => {
    const { seated, waiting } = await eventWithAWaitingList('305');
    await expect
      .poll(() =>
        smtp.received.find(
          (mail) =>
            JSON.stringify(mail.to).includes(seated.email) &&
            mail.text?.includes('Vou comparecer: '),
        ),
      )
      .toBeTruthy();
    const mail = smtp.received.find(
      (m) => JSON.stringify(m.to).includes(seated.email) && m.text?.includes('Vou comparecer: '),
    )!;
    const yesUrl = /Vou comparecer: (\S+)/.exec(mail.text!)![1]!;
    const noUrl = /Não poderei ir: (\S+)/.exec(mail.text!)![1]!;
    expect(mail.html).toContain(`href="${yesUrl}"`);
    expect(mail.html).toContain(`href="${noUrl}"`);
    const path = (url: string) => new URL(url).pathname;
    expect(path(yesUrl)).toMatch(/^\/inscricao\/[^/]+\/presenca$/);
    expect(path(noUrl)).toMatch(/^\/inscricao\/[^/]+\/cancelar$/);

    // A link scanner opens both: a step each, nothing recorded.
    for (const url of [yesUrl, noUrl]) {
      const opened = await server.request(path(url), { redirect: 'manual' });
      expect(opened.status).toBe(200);
      expect(await opened.text()).toContain(`<form action="${path(url)}" method="post"`);
    }
    expect((await registration(seated.id)).rsvp).toBeNull();
    expect((await registration(seated.id)).status).toBe('confirmed');

    // The person posts 'Sim, vou comparecer': recorded, back to their page, which says so.
    const posted = await server.request(path(yesUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(posted.status).toBe(303);
    expect((await registration(seated.id)).rsvp).toBe('yes');
    expect((await rowsOf(seated.id)).audit).toContain('attendance_confirmed');
    const page = await server.request(posted.headers.get('location')!);
    expect(await page.text()).toContain('Você confirmou presença. Até lá!');
    // Its step now leads back to the page; posting again records nothing more.
    expect((await server.request(path(yesUrl), { redirect: 'manual' })).status).toBe(303);
    await server.request(path(yesUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(
      (await rowsOf(seated.id)).audit.filter((a) => a === 'attendance_confirmed'),
    ).toHaveLength(1);
    expect((await registration(waiting.id)).status).toBe('waitlisted');
  }, 60_000);
});
