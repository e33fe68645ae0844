// Reminders leave by themselves (issue 35.1): three server instances on one PostgreSQL database
// queue the reminder at once (the job on each, and the queueing past the job's lock), and each
// person confirmed at its time gets exactly one, by e-mail through a real SMTP server (the ticket's
// link, the QR code by cid, the .ics, the map, the personal link) and by WhatsApp through the
// Graph API stand-in (the reminder's template, its two quick replies); nobody pending, waitlisted
// or cancelled, nobody confirmed after its time, nothing once the event has started.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, attendeePageUrl, ticketPageUrl, withId } from '../../shared/paths.ts';
import { registerConfirmed } from '#test/api/door.ts';
import {
  eventAfterReminder,
  justAfter,
  reminderMails,
  reminderRequests,
} from '#test/api/reminders.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { register, startTestServer, type TestServer } from '#test/servers/test-server.ts';
import { sendingEnv, startTestGraphApi, type TestGraphApi } from '#test/stand-ins/graph-api.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import { reminderReplies } from '../messages/reminder-composition.ts';
import { queueDueReminders, remindersJob } from './reminders.job.ts';

const template = 'lembrete_evento';
let smtp: TestSmtp;
let graph: TestGraphApi;
let database: TempPostgres;
let servers: TestServer[];
let admin: TestSession;

beforeAll(async () => {
  smtp = await startTestSmtp();
  graph = await startTestGraphApi();
  database = await createTempPostgres();
  const env = {
    DATABASE_URL: database.url,
    PUBLIC_URL: 'http://eventos.exemplo.org',
    REGISTRATION_RATE_LIMIT: '0',
    WHATSAPP_TEMPLATE_REMINDER: template,
    ...sendingEnv({ smtp: smtp.url, graph }),
  };
  servers = [];
  for (let i = 0; i < 3; i++) servers.push(await startTestServer(env));
  admin = await startSession(servers[0]!.app.db.kysely);
}, 60_000);
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await database?.drop();
  await smtp?.close();
  await graph?.close();
});

const first = () => servers[0]!;
const db = () => first().app.db.kysely;
const post = (path: string) =>
  first().request(path, { method: 'POST', headers: { cookie: admin.cookie } });

/** Every instance runs the job and queues past its lock, all at the same moment. */
async function queueEverywhere(now: Date) {
  await Promise.all(
    servers.flatMap((server) => [
      server.app.jobs.runNow(remindersJob.name),
      queueDueReminders(server.app, now),
      queueDueReminders(server.app, now),
    ]),
  );
}

it('reminds each person confirmed at its time once, on three instances, and nobody else', async () => {
  const { settings, startsAt } = await eventAfterReminder(first(), admin.cookie, 24, [24]);
  const confirmed = [];
  for (let i = 0; i < 8; i++) {
    confirmed.push(
      await registerConfirmed(first(), admin.cookie, {
        nome_completo: `Conceição Araújo ${i}`,
        email: `lembrete.${i}@exemplo.com`,
        whatsapp: `+1508555${String(1000 + i)}`,
      }),
    );
  }
  const cancelled = confirmed.pop()!;
  expect((await post(withId(api.adminCancel, cancelled.id))).status).toBe(200);
  const pending = await register(first(), { email: 'pendente@exemplo.com' });
  expect(pending.status).toBe('pending');
  // The seats full: the next one waits.
  const full = await first().request(api.adminEvent, {
    method: 'PUT',
    headers: { cookie: admin.cookie },
    json: { ...settings, capacity: confirmed.length },
  });
  expect(full.status).toBe(200);
  const waitlisted = await register(first(), { email: 'espera@exemplo.com' });
  expect(waitlisted.status).toBe('waitlisted');

  // Not yet due (two minutes away): nothing.
  await queueEverywhere(new Date());
  expect(await db().selectFrom('reminders_sent').selectAll().execute()).toEqual([]);

  await queueEverywhere(justAfter(startsAt, 24));
  const rows = await db()
    .selectFrom('messages')
    .select(['registration_id', 'channel'])
    .where('kind', '=', 'reminder')
    .execute();
  const expected = confirmed.map((person) => person.id).sort();
  for (const channel of ['email', 'whatsapp']) {
    const ids = rows.filter((row) => row.channel === channel).map((row) => row.registration_id);
    expect(ids.sort()).toEqual(expected);
  }

  await smtp.waitFor(smtp.received.length, 1);
  await expect.poll(() => reminderMails(smtp, settings.name).length, { timeout: 20_000 }).toBe(7);
  await expect.poll(() => reminderRequests(graph, template).length, { timeout: 20_000 }).toBe(7);
  const mails = reminderMails(smtp, settings.name);
  expect(
    mails.map((mail) => mail.to && 'value' in mail.to && mail.to.value[0]?.address).sort(),
  ).toEqual(confirmed.map((person) => person.email).sort());

  // The e-mail: how soon, the ticket's link and its QR code by cid, the .ics, the map, the
  // personal link.
  const person = confirmed[0]!;
  const mail = mails.find((m) => m.text?.includes(person.nome_completo))!;
  expect(mail.subject).toMatch(new RegExp(`^(Amanhã|Em 2 dias): ${settings.name}$`));
  expect(mail.text).toContain(ticketPageUrl('http://eventos.exemplo.org', person.ticket_code));
  const qr = mail.attachments.find((a) => a.contentType === 'image/png');
  expect(mail.html).toContain(`src="cid:${qr?.cid}"`);
  expect(mail.attachments.map((a) => a.filename)).toContain('evento.ics');
  expect(mail.html).toContain('https://www.google.com/maps/search/?api=1&amp;query=');
  const token = await db()
    .selectFrom('registrations')
    .select('personal_token')
    .where('id', '=', person.id)
    .executeTakeFirstOrThrow();
  expect(mail.text).toContain(attendeePageUrl('http://eventos.exemplo.org', token.personal_token!));

  // WhatsApp: the reminder's template, its body and its two quick replies, which name nobody.
  const request = reminderRequests(graph, template).find(
    (r) => r.body.to === person.whatsapp.slice(1),
  )!;
  expect(request.body.template.components).toEqual([
    {
      type: 'body',
      parameters: [
        { type: 'text', text: person.nome_completo },
        { type: 'text', text: settings.name },
        { type: 'text', text: expect.stringContaining(', às ') },
        { type: 'text', text: `${settings.venue}, ${settings.city}` },
      ],
    },
    {
      type: 'button',
      sub_type: 'quick_reply',
      index: '0',
      parameters: [{ type: 'payload', payload: reminderReplies.yes }],
    },
    {
      type: 'button',
      sub_type: 'quick_reply',
      index: '1',
      parameters: [{ type: 'payload', payload: reminderReplies.no }],
    },
  ]);

  // Run again, later, everywhere: nobody gets a second one.
  await queueEverywhere(new Date(justAfter(startsAt, 24).getTime() + 30 * 60_000));
  expect(
    await db().selectFrom('messages').select('id').where('kind', '=', 'reminder').execute(),
  ).toHaveLength(14);
}, 60_000);

it('skips whoever was confirmed after its time, and everyone once the event started', async () => {
  const { startsAt } = await eventAfterReminder(first(), admin.cookie, 24, [24, 25], {
    capacity: null,
  });
  const late = await registerConfirmed(first(), admin.cookie, { email: 'tarde@exemplo.com' });
  const reminded = async () =>
    (
      await db()
        .selectFrom('reminders_sent')
        .select('hours_before')
        .where('registration_id', '=', late.id)
        .execute()
    ).map((row) => row.hours_before);
  // The 25 h reminder was due an hour ago: confirmed after it, no reminder now.
  await queueEverywhere(new Date());
  expect(await reminded()).toEqual([]);
  // Started: not even the 24 h one.
  await queueEverywhere(new Date(startsAt.getTime() + 1000));
  expect(await reminded()).toEqual([]);
  // The 24 h one, at its time: confirmed before it.
  await queueEverywhere(justAfter(startsAt, 24));
  expect(await reminded()).toEqual([24]);
});
