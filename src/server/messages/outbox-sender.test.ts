// The sender on its own, on a real SQLite file with a real SMTP server and the Graph API's
// stand-in, where a whole server would hide the timing: more messages due than a channel sends at
// once, a stop in the middle of a claim, a paused channel probed with a message that never leaves,
// a cancellation's e-mail taken after a restore.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultEvent } from '../../shared/event.ts';
import type { MessageChannel } from '../../shared/message.schema.ts';
import type { Registration } from '../../shared/registration.schema.ts';
import { servedRegistration } from '#test/builders/registrations.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { graphErrors, sendingEnv, startTestGraphApi } from '#test/stand-ins/graph-api.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import { seedRegistrations } from '#test/servers/test-server.ts';
import { createMailer } from './email/smtp-mailer.ts';
import { queueMessages } from './outbox.repository.ts';
import { startOutboxSender, type SenderOptions } from './outbox-sender.ts';
import { createWhatsappClient } from './whatsapp/whatsapp-client.ts';

let dir: string;
let db: Db;
let smtp: TestSmtp;
let logLines: string[];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-sender-'));
  db = await openDatabase(`file:${join(dir, 'test.db')}`);
  smtp = await startTestSmtp();
  logLines = [];
});
afterEach(async () => {
  await db.close();
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

function logger() {
  // This test's lines only: a sender left running by another test cannot write into them.
  const into = logLines;
  const lines = new Writable({
    write(chunk: Buffer, _encoding, done) {
      into.push(chunk.toString());
      done();
    },
  });
  // Fastify's own logger (pino), as the server's: its lines are what an operator reads.
  return Fastify({ logger: { level: 'info', stream: lines } }).log;
}

async function queue(
  registrations: readonly Registration[],
  kind: 'received' | 'ticket' | 'cancelled',
  channel: MessageChannel,
) {
  await seedRegistrations(db.kysely, registrations);
  await db.kysely.transaction().execute((trx) =>
    queueMessages(
      trx,
      registrations.map((r) => ({ registrationId: r.id, kind, channel })),
    ),
  );
}

function start(env: Record<string, string>, options: Partial<SenderOptions> = {}) {
  const config = loadConfig({ PUBLIC_URL: 'http://127.0.0.1:9', ...env });
  return startOutboxSender({
    db,
    log: logger(),
    settingsOf: async () => defaultEvent,
    publicUrl: config.publicUrl,
    mailer: config.mail && createMailer(config.mail, '127.0.0.1'),
    whatsapp: config.whatsapp && createWhatsappClient(config.whatsapp),
    retry: { baseMs: 60_000 },
    ...options,
  });
}

async function rows() {
  return db.kysely
    .selectFrom('messages')
    .select(['id', 'registration_id', 'status', 'attempts', 'error_code'])
    .orderBy('created_at')
    .execute();
}

describe('the outbox sender', () => {
  it('sends each message once when more are due than a channel sends at once, however long each takes', async () => {
    // 30 e-mails, 5 at a time, 300 ms each: the last starts 1.5 s after the first claim, past a
    // 1 s lease. Claimed all at once, the later ones lapsed while waiting and were taken again.
    smtp.slow(300);
    await queue(
      Array.from({ length: 30 }, () => servedRegistration()),
      'received',
      'email',
    );
    const sender = await start(sendingEnv({ smtp: smtp.url }), { leaseMs: 1000, pollMs: 100 });
    try {
      await smtp.waitFor(30, 10_000);
      // Time for a lapsed claim to be sent again, had there been one.
      await new Promise((resolve) => setTimeout(resolve, 1500));
    } finally {
      await sender.close();
    }
    const ids = smtp.accepted.map(({ messageId }) => messageId);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect((await rows()).map(({ status, attempts }) => `${status}/${attempts}`)).toEqual(
      Array.from({ length: 30 }, () => 'sent/1'),
    );
  });

  it('stopped in the middle of a claim, sends and records what it took before it is done', async () => {
    await queue(
      Array.from({ length: 5 }, () => servedRegistration()),
      'received',
      'email',
    );
    const sender = await start(sendingEnv({ smtp: smtp.url }));
    // At once: its first pass is still claiming.
    await sender.close();
    const after = await rows();
    // Nothing left claimed for two minutes, nor sent after the database closed.
    expect(after.filter(({ status }) => status === 'sending')).toEqual([]);
    expect(smtp.accepted.length).toBe(after.filter(({ status }) => status === 'sent').length);
    expect(logLines.join('')).not.toContain('failed');
  });

  it('pauses e-mail, with the reason, when the server wants a login SMTP_URL does not give (530)', async () => {
    const guarded = await startTestSmtp({ requireAuth: true });
    const [registration] = [servedRegistration()];
    await queue([registration], 'received', 'email');
    const anonymous = guarded.url.replace('user:pass@', '');
    const sender = await start(sendingEnv({ smtp: anonymous }), { probeEveryMs: 60_000 });
    try {
      await expect
        .poll(() => db.kysely.selectFrom('sending_pauses').selectAll().execute())
        .toMatchObject([{ channel: 'email', message: expect.stringContaining('SMTP_URL') }]);
      // Waiting for the login, not failed: it goes once SMTP_URL is fixed.
      expect(await rows()).toMatchObject([{ status: 'queued', attempts: 0 }]);
    } finally {
      await sender.close();
      await guarded.close();
    }
  });

  it('says once in the log that e-mails wait for another try when the mail server cannot be reached', async () => {
    await queue(
      Array.from({ length: 3 }, () => servedRegistration()),
      'received',
      'email',
    );
    // A port nobody listens on: the server that was there is gone.
    const gone = await startTestSmtp();
    const url = gone.url;
    await gone.close();
    const sender = await start(sendingEnv({ smtp: url }));
    try {
      await expect
        .poll(async () => (await rows()).filter((r) => r.error_code === 'smtp_network').length)
        .toBe(3);
    } finally {
      await sender.close();
    }
    const warnings = logLines.filter((line) =>
      line.includes('email messages wait for another try'),
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('smtp_network');
  });

  it('does not send the cancellation e-mail of a person restored before it left, and sends one still cancelled', async () => {
    const [restored, cancelled] = [
      servedRegistration({ status: 'confirmed', ticket_code: 'R1S2T3U4' }),
      servedRegistration({ status: 'cancelled', ticket_code: 'V5W6X7Y8' }),
    ];
    // A restore commits while the sender holds the e-mail (its claim): the sender reads the
    // person as they are now.
    await queue([restored, cancelled], 'cancelled', 'email');
    const sender = await start(sendingEnv({ smtp: smtp.url }));
    try {
      await expect
        .poll(async () => (await rows()).map(({ status }) => status).sort())
        .toEqual(['failed', 'sent']);
    } finally {
      await sender.close();
    }
    expect((await rows()).find((r) => r.registration_id === restored.id)).toMatchObject({
      status: 'failed',
      error_code: 'restored',
    });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.attempts.map(({ to }) => to)).toEqual([cancelled.email]);
  });

  it('keeps a paused channel paused when its probe is a message that never reached Meta', async () => {
    const graph = await startTestGraphApi();
    graph.answerAll(graphErrors.badToken);
    try {
      const [refused, cancelled] = [
        servedRegistration({ status: 'confirmed', ticket_code: 'A1B2C3D4' }),
        servedRegistration({ status: 'cancelled', ticket_code: 'E5F6G7H8' }),
      ];
      await queue([refused], 'ticket', 'whatsapp');
      const sender = await start(sendingEnv({ graph }), { probeEveryMs: 200 });
      try {
        await expect.poll(() => graph.requests.length).toBe(1);
        await expect.poll(() => logLines.join('')).toContain('whatsapp sending paused');
        // The cancelled person's ticket is the oldest due: the next probe takes it, and it
        // fails without being sent (the ticket is revoked).
        await queue([cancelled], 'ticket', 'whatsapp');
        await db.kysely
          .updateTable('messages')
          .set({ next_attempt_at: '2000-01-01T00:00:00.000Z' })
          .where('registration_id', '=', cancelled.id)
          .execute();
        await expect
          .poll(async () => (await rows()).find((r) => r.registration_id === cancelled.id))
          .toMatchObject({ status: 'failed', error_code: 'cancelled' });
        // The probe after it goes to Meta, refused again.
        await expect.poll(() => graph.requests.length).toBeGreaterThanOrEqual(2);
      } finally {
        await sender.close();
      }
      expect(logLines.join('')).not.toContain('whatsapp sending works');
    } finally {
      await graph.close();
    }
  });
});
