// Replies on WhatsApp with three server instances on one PostgreSQL database (issue 35.2), as an
// operator runs them behind a balancer that sends each of Meta's deliveries wherever it likes:
// 'Não poderei ir' answered by one instance, 'Sim, cancelar' delivered to the two others at the
// same moment, then both deliveries replayed to every instance at once. One 'Tem certeza?', one
// cancellation, one seat passed to the waiting list's first (one ticket), one stored reply each.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from '../../shared/paths.ts';
import { eventAfterReminder, justAfter, reminderRequests } from '#test/api/reminders.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { register, startTestServer, type TestServer } from '#test/servers/test-server.ts';
import { sendingEnv, startTestGraphApi, type TestGraphApi } from '#test/stand-ins/graph-api.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import { incomingReply, replyOutcomes } from '#test/stand-ins/whatsapp-webhook.ts';
import { cancelCheckReplies } from '../messages/reply-composition.ts';
import { reminderReplies } from '../messages/reminder-composition.ts';
import { queueDueReminders } from '../reminders/reminders.job.ts';

const appSecret = 'segredo-do-app-de-teste';
const template = 'lembrete_evento';

let smtp: TestSmtp;
let graph: TestGraphApi;
let database: TempPostgres;
const servers: TestServer[] = [];
let admin: TestSession;
/** The three instances' logs, one JSON line each. */
let log = '';

beforeAll(async () => {
  [smtp, graph, database] = await Promise.all([
    startTestSmtp(),
    startTestGraphApi(),
    createTempPostgres(),
  ]);
  const env = {
    ...sendingEnv({ smtp: smtp.url, graph, webhook: { appSecret, verifyToken: 'verificacao' } }),
    WHATSAPP_TEMPLATE_REMINDER: template,
    DATABASE_URL: database.url,
  };
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      log += String(chunk);
      done();
    },
  });
  // One after the other: each runs the migrations' check at start on the one database.
  for (let i = 0; i < 3; i++) servers.push(await startTestServer(env, { logStream }));
  admin = await startSession(servers[0]!.app.db.kysely);
}, 120_000);
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await database?.drop();
  await graph?.close();
  await smtp?.close();
});

const db = () => servers[0]!.app.db.kysely;
const digits = (phone: string) => phone.replace(/\D/g, '');

/** Every instance's logged outcome for a reply (its id), sorted. */
const outcomesOf = (id: string) => replyOutcomes(log, id);

/** Meta delivers this body to these instances, all at the same moment. */
async function deliver(body: string, to: TestServer[]) {
  const statuses = await Promise.all(
    to.map((server) => graph.deliver(server.url + api.whatsappWebhook, body, appSecret)),
  );
  expect(statuses).toEqual(to.map(() => 200));
}

/** Once the outbox holds Meta's id for the message the stand-in answered: then people answer. */
async function recorded(wamid: string) {
  await expect
    .poll(() =>
      db().selectFrom('messages').select('id').where('provider_id', '=', wamid).executeTakeFirst(),
    )
    .toBeTruthy();
  return wamid;
}

it('answers each reply once whichever instances Meta delivers it to, and however often', async () => {
  const [first, second, third] = servers as [TestServer, TestServer, TestServer];
  const { startsAt } = await eventAfterReminder(first, admin.cookie, 24, [24], {
    capacity: 1,
    admission: 'automatic',
  });
  const seated = await register(second, { whatsapp: '+15085553101' });
  const waiting = await register(third, { whatsapp: '+15085553102' });
  expect([seated.status, waiting.status]).toEqual(['confirmed', 'waitlisted']);
  // The minute's job comes due on the three at once: one reminder all the same.
  await Promise.all(
    servers.map((server) => queueDueReminders(server.app, justAfter(startsAt, 24))),
  );
  await expect.poll(() => reminderRequests(graph, template).length).toBe(1);
  const reminder = await recorded(reminderRequests(graph, template)[0]!.wamid!);
  const from = digits(seated.whatsapp);

  const no = incomingReply({ from, contextId: reminder, tap: { payload: reminderReplies.no } });
  await deliver(no.body, [first]);
  const toSeated = () => graph.requests.filter((r) => r.body.to === from && r.wamid);
  await expect.poll(() => toSeated().filter((r) => r.body.interactive).length).toBe(1);
  const check = await recorded(toSeated().find((r) => r.body.interactive)!.wamid!);

  // 'Sim, cancelar' reaches the two other instances together (Meta retrying a slow 200).
  const yes = incomingReply({
    from,
    contextId: check,
    tap: { buttonReply: cancelCheckReplies.yes },
  });
  await deliver(yes.body, [second, third]);
  await expect.poll(() => outcomesOf(yes.id)).toEqual(['cancel', 'repeated']);
  // Then both, again, to every instance at once.
  await Promise.all([deliver(no.body, servers), deliver(yes.body, servers)]);
  await expect.poll(() => outcomesOf(no.id)).toEqual(['ask', 'repeated', 'repeated', 'repeated']);
  await expect
    .poll(() => outcomesOf(yes.id))
    .toEqual(['cancel', 'repeated', 'repeated', 'repeated', 'repeated']);

  const status = async (id: string) =>
    (
      await db()
        .selectFrom('registrations')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;
  expect([await status(seated.id), await status(waiting.id)]).toEqual(['cancelled', 'confirmed']);
  const actions = async (id: string) =>
    (
      await db()
        .selectFrom('audit_entries')
        .select('action')
        .where('registration_id', '=', id)
        .orderBy('id')
        .execute()
    ).map((entry) => entry.action);
  expect(await actions(seated.id)).toEqual(['confirmed', 'withdrawn', 'seat_passed']);
  expect(await actions(waiting.id)).toEqual(['promoted']);
  const replies = await db()
    .selectFrom('whatsapp_replies')
    .select(['message_id', 'action'])
    .where('registration_id', '=', seated.id)
    .orderBy('action')
    .execute();
  expect(replies).toEqual([
    { message_id: no.id, action: 'ask' },
    { message_id: yes.id, action: 'cancel' },
  ]);
  // What went out: one 'Tem certeza?', one cancellation's confirmation to the person, one ticket
  // to the waiting list's first, each handed to Graph once.
  const kinds = await db()
    .selectFrom('messages')
    .select(['registration_id', 'kind', 'channel'])
    .where('kind', 'in', ['cancel_check', 'cancelled', 'ticket'])
    .where('registration_id', 'in', [seated.id, waiting.id])
    .execute();
  const count = (id: string, kind: string, channel: string) =>
    kinds.filter((m) => m.registration_id === id && m.kind === kind && m.channel === channel)
      .length;
  expect(count(seated.id, 'cancel_check', 'whatsapp')).toBe(1);
  expect(count(seated.id, 'cancelled', 'whatsapp')).toBe(1);
  expect(count(seated.id, 'cancelled', 'email')).toBe(1);
  expect(count(waiting.id, 'ticket', 'whatsapp')).toBe(1);
  await expect
    .poll(() => graph.requests.filter((r) => r.body.to === digits(waiting.whatsapp) && r.wamid))
    .toHaveLength(1);
  await expect.poll(() => toSeated().filter((r) => r.body.text).length).toBe(1);
  expect(toSeated().filter((r) => r.body.interactive)).toHaveLength(1);
}, 60_000);
