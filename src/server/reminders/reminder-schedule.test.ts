// What moves when the date moves (issue 35.1, decision 0263), on one server and its SQLite file:
// a reminder that has gone stays gone; one that has not goes at its new time, read from the
// settings as they are when it comes due; the subject says how soon on the event's own calendar.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { api } from '../../shared/paths.ts';
import { registerConfirmed } from '#test/api/door.ts';
import { eventStartingAt } from '#test/api/event-day.ts';
import { eventAfterReminder, justAfter, reminderMails } from '#test/api/reminders.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';
import { sendingEnv } from '#test/stand-ins/graph-api.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import { howSoon } from '../messages/email/reminder-email.ts';
import { queueDueReminders } from './reminders.job.ts';

describe('how soon the subject says', () => {
  const event = { date: '2027-03-10', timeZone: 'America/Sao_Paulo' };
  it('counts calendar days on the event’s clocks', () => {
    expect(howSoon(event, new Date('2027-03-10T11:00:00Z'))).toBe('Hoje');
    // 23:30 on the 9th in São Paulo, already the 10th in UTC.
    expect(howSoon(event, new Date('2027-03-10T02:30:00Z'))).toBe('Amanhã');
    expect(howSoon(event, new Date('2027-03-07T12:00:00Z'))).toBe('Em 3 dias');
  });
});

describe('a date moved after one reminder went out', () => {
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

  const sent = async (id: string) =>
    (
      await server.app.db.kysely
        .selectFrom('reminders_sent')
        .select('hours_before')
        .where('registration_id', '=', id)
        .orderBy('hours_before', 'desc')
        .execute()
    ).map((row) => row.hours_before);

  it('keeps what went, and moves what had not', async () => {
    const { settings, startsAt } = await eventAfterReminder(server, admin.cookie, 48, [48, 24]);
    const person = await registerConfirmed(server, admin.cookie, { email: 'adiada@exemplo.com' });
    expect(await queueDueReminders(server.app, justAfter(startsAt, 48))).toBe(1);
    expect(await sent(person.id)).toEqual([48]);
    await expect.poll(() => reminderMails(smtp, settings.name).length, { timeout: 20_000 }).toBe(1);
    expect(reminderMails(smtp, settings.name)[0]!.subject).toMatch(/^Em [23] dias: /);

    // A week later.
    const week = 7 * 24 * 60 * 60_000;
    const moved = await eventStartingAt(server, admin.cookie, startsAt.getTime() + week);
    const newStart = startsAt.getTime() + week;
    // The old time of the 24 h reminder: it moved with the date.
    expect(await queueDueReminders(server.app, justAfter(startsAt, 24))).toBe(0);
    // The 48 h one's new time: it has gone, it stays gone.
    expect(await queueDueReminders(server.app, justAfter(new Date(newStart), 48))).toBe(0);
    // The 24 h one's new time: it goes.
    expect(await queueDueReminders(server.app, justAfter(new Date(newStart), 24))).toBe(1);
    expect(await sent(person.id)).toEqual([48, 24]);

    // A reminder changed: the one that has not gone moves with it (2 h now, not 24 h).
    const other = await registerConfirmed(server, admin.cookie, { email: 'outra@exemplo.com' });
    const saved = await server.request(api.adminEvent, {
      method: 'PUT',
      headers: { cookie: admin.cookie },
      json: { ...moved, reminders: [{ hoursBefore: 2 }] } satisfies EventSettings,
    });
    expect(saved.status).toBe(200);
    expect(await queueDueReminders(server.app, justAfter(new Date(newStart), 24))).toBe(0);
    expect(await queueDueReminders(server.app, justAfter(new Date(newStart), 2))).toBe(2);
    expect(await sent(other.id)).toEqual([2]);
  });
});
