// A restart in the middle of a reminder burst (issue 35.6): a server process reminding 600 people
// through a slow real SMTP server is killed with SIGKILL while the e-mails leave, and started again
// on the same SQLite file. Each person is queued one reminder, once (reminders_sent, one outbox row
// each), and gets it: none lost. A repeat can only be an e-mail in flight at the kill, handed over
// again under the same Message-ID (its outbox row), never a second reminder.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { servedRegistration } from '#test/builders/registrations.ts';
import { startChildServer, type ChildServer } from '#test/servers/child-server.ts';
import { seedRegistrations } from '#test/servers/test-server.ts';
import { sendingEnv } from '#test/stand-ins/graph-api.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import { openDatabase } from '../db/database.ts';

const people = 600;
let smtp: TestSmtp;
let dir: string;
let child: ChildServer | undefined;

beforeAll(async () => {
  smtp = await startTestSmtp();
  dir = mkdtempSync(join(tmpdir(), 'inscricoes-reminders-restart-'));
});
afterAll(async () => {
  await child?.kill();
  await smtp?.close();
  rmSync(dir, { recursive: true, force: true });
});

const pad = (part: number) => String(part).padStart(2, '0');

/** The reminder e-mails by Message-ID (one outbox row each), and how many arrived in all. */
function tally() {
  const reminders = smtp.received.filter((mail) =>
    /^(Hoje|Amanhã|Em \d+ dias): /.test(mail.subject ?? ''),
  );
  const ids = reminders.map((mail) => mail.messageId ?? '');
  const recipients = reminders.map((mail) =>
    mail.to && 'value' in mail.to ? mail.to.value[0]?.address : undefined,
  );
  return {
    distinct: new Set(ids).size,
    total: ids.length,
    recipients: new Set(recipients).size,
  };
}

it('reminds every person once through a SIGKILL and a restart in the middle of the burst', async () => {
  // The event starts in 23 h 58 min (New York's clocks, whole minutes): its 24 h reminder is due.
  const there = new TZDate(Date.now() + 24 * 60 * 60_000 - 2 * 60_000, 'America/New_York');
  const eventFile = join(dir, 'evento.json');
  writeFileSync(
    eventFile,
    JSON.stringify({
      date: `${there.getFullYear()}-${pad(there.getMonth() + 1)}-${pad(there.getDate())}`,
      time: `${pad(there.getHours())}:${pad(there.getMinutes())}`,
      reminders: [{ hoursBefore: 24 }],
    }),
  );
  const env = {
    DATABASE_URL: `file:${join(dir, 'lembretes.db')}`,
    EVENT_CONFIG: eventFile,
    ...sendingEnv({ smtp: smtp.url }),
  };
  // Confirmed before the reminder's time, each with a ticket, stored before the first start.
  const db = await openDatabase(env.DATABASE_URL);
  try {
    await seedRegistrations(
      db.kysely,
      Array.from({ length: people }, (_, i) =>
        servedRegistration({
          email: `pessoa.${i}@exemplo.com`,
          status: 'confirmed',
          ticket_code: `ingresso-${String(i).padStart(4, '0')}-abcdefghij`,
        }),
      ),
    );
  } finally {
    await db.close();
  }

  // A slow mail server: the kill lands while the reminders leave.
  smtp.slow(20);
  child = await startChildServer(env, { cwd: dir });
  await expect.poll(() => tally().total, { timeout: 60_000, interval: 20 }).toBeGreaterThan(30);
  await child.kill();
  smtp.slow(0);
  expect(tally().distinct).toBeLessThan(people);

  child = await startChildServer(env, { cwd: dir });
  await expect.poll(() => tally().distinct, { timeout: 120_000, interval: 250 }).toBe(people);
  const check = await openDatabase(env.DATABASE_URL);
  try {
    // Queued once per person, whichever run queued it.
    const sent = await check.kysely
      .selectFrom('reminders_sent')
      .select('registration_id')
      .execute();
    expect(new Set(sent.map((row) => row.registration_id)).size).toBe(people);
    expect(sent).toHaveLength(people);
    const rows = await check.kysely
      .selectFrom('messages')
      .select(['status'])
      .where('kind', '=', 'reminder')
      .execute();
    expect(rows).toHaveLength(people);
    await expect
      .poll(
        async () =>
          (
            await check.kysely
              .selectFrom('messages')
              .select('id')
              .where('kind', '=', 'reminder')
              .where('status', '!=', 'sent')
              .execute()
          ).length,
      )
      .toBe(0);
  } finally {
    await check.close();
  }
  // Everyone got theirs; a repeat is only an e-mail in flight at the kill, under its own
  // Message-ID (the sender's concurrency bounds it).
  const { distinct, total, recipients } = tally();
  expect(recipients).toBe(people);
  expect(distinct).toBe(people);
  expect(total - distinct).toBeLessThanOrEqual(30);
}, 240_000);
