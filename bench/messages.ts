// Tickets out by themselves: one bulk confirmation of N registrations (default 1,000) on the real
// server (a child process, SQLite, as `npm start` runs it), with a local SMTP server and a local
// stand-in for Meta's Graph API in this process. Prints the seconds until the last e-mail is
// accepted and the last WhatsApp request answered, messages per second, the p95 from commit to
// accepted, and the panel's first-card time in Chromium during the burst and at rest. A
// measurement, not a test. Run after a build: npx tsx bench/messages.ts [registrations]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeSharedBrowser, launchBrowser } from '#test/browser/browser.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { startChildServer } from '#test/servers/child-server.ts';
import { sendingEnv, startTestGraphApi } from '#test/stand-ins/graph-api.ts';
import { startSession } from '#test/api/sessions.ts';
import { startTestSmtp } from '#test/stand-ins/smtp.ts';
import { seedRegistrations } from '#test/servers/test-server.ts';
import { api } from '../src/shared/paths.ts';
import { servedRegistration } from '#test/builders/registrations.ts';

const total = Number(process.argv[2] ?? 1000);
const deadline = setTimeout(() => {
  console.error('messages bench: over 3 minutes, giving up');
  process.exit(1);
}, 180_000);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

const dir = mkdtempSync(join(tmpdir(), 'inscricoes-bench-messages-'));
const smtp = await startTestSmtp({ parse: false });
const graph = await startTestGraphApi();
const env = {
  DATABASE_URL: `file:${join(dir, 'bench.db')}`,
  ...sendingEnv({ smtp: smtp.url, graph }),
  LOG_LEVEL: 'warn',
};
const server = await startChildServer(env, { cwd: dir });
const db = await openDatabase(env.DATABASE_URL);
const browser = await launchBrowser({ viewport: { width: 412, height: 915 } });
try {
  const rows = Array.from({ length: total }, (_, i) =>
    servedRegistration({ whatsapp: `+1508${String(5550000 + i).padStart(7, '0')}` }),
  );
  await seedRegistrations(db.kysely, rows);
  const session = await startSession(db.kysely);
  await browser.context.addCookies([{ name: session.name, value: session.value, url: server.url }]);

  async function firstCard(): Promise<number> {
    const page = await browser.newPage();
    const started = performance.now();
    await page.goto(`${server.url}/admin`);
    await page.locator('main li').first().waitFor({ timeout: 60_000 });
    const elapsed = performance.now() - started;
    await page.close();
    return elapsed;
  }
  const atRest = await firstCard();

  const started = Date.now();
  const response = await fetch(server.url + api.adminBulkConfirm, {
    method: 'POST',
    headers: { cookie: session.cookie, origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ ids: rows.map((r) => r.id) }),
  });
  const answered = Date.now() - started;
  if (response.status !== 200) throw new Error(`bulk confirmation answered ${response.status}`);
  const duringBurst = await firstCard();
  // When each message was accepted: e-mails by their outbox id (in the Message-ID), WhatsApp
  // tickets by their code.
  const emailAccepted = new Map<string, number>();
  const whatsappAnswered = new Map<string, number>();
  while (emailAccepted.size < total || whatsappAnswered.size < total) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const { messageId, at } of smtp.accepted) {
      const id = messageId.slice(1).split('@')[0];
      if (id && !emailAccepted.has(id)) emailAccepted.set(id, at);
    }
    for (const request of graph.requests) {
      const code = request.body.template.components[1]?.parameters[0]?.text;
      if (request.answeredAt && code && !whatsappAnswered.has(code)) {
        whatsappAnswered.set(code, request.answeredAt);
      }
    }
  }
  const lastEmail = Math.max(...emailAccepted.values()) - started;
  const lastWhatsapp = Math.max(...whatsappAnswered.values()) - started;

  // From the commit of each message's row (its created_at) to its acceptance.
  const queued = await db.kysely.selectFrom('messages').select(['id', 'created_at']).execute();
  const commitToAccepted = queued
    .map((m) => (emailAccepted.get(m.id) ?? 0) - Date.parse(m.created_at))
    .filter((ms) => ms > 0);
  const tickets = await db.kysely
    .selectFrom('messages as m')
    .innerJoin('registrations as r', 'r.id', 'm.registration_id')
    .select(['r.ticket_code', 'm.created_at'])
    .where('m.channel', '=', 'whatsapp')
    .execute();
  const whatsappLatency = tickets
    .map((t) => (whatsappAnswered.get(t.ticket_code ?? '') ?? 0) - Date.parse(t.created_at))
    .filter((ms) => ms > 0);
  const last = Math.max(lastEmail, lastWhatsapp);
  console.log(`messages: ${total} confirmed in one request, answered in ${seconds(answered)}`);
  console.log(`messages: last e-mail accepted after ${seconds(lastEmail)}`);
  console.log(`messages: last WhatsApp request answered after ${seconds(lastWhatsapp)}`);
  console.log(
    `messages: ${total * 2} messages in ${seconds(last)}: ${((total * 2) / (last / 1000)).toFixed(0)} messages/s`,
  );
  console.log(
    `messages: commit to accepted, p95: e-mail ${seconds(percentile(commitToAccepted, 0.95))}, ` +
      `WhatsApp ${seconds(percentile(whatsappLatency, 0.95))} ` +
      `(median ${seconds(percentile(commitToAccepted, 0.5))} and ${seconds(percentile(whatsappLatency, 0.5))})`,
  );
  console.log(
    `messages: panel first card ${seconds(atRest)} at rest, ${seconds(duringBurst)} during the burst ` +
      `(${(duringBurst / atRest).toFixed(2)}×)`,
  );
  const repeats = smtp.accepted.length - emailAccepted.size;
  console.log(`messages: e-mails handed over twice: ${repeats}`);
} finally {
  clearTimeout(deadline);
  await browser.close();
  await closeSharedBrowser();
  await server.kill();
  await db.close();
  await smtp.close();
  await graph.close();
  rmSync(dir, { recursive: true, force: true });
}
