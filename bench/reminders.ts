// Reminders leave by themselves (issue 35.7): N confirmed people (default 5,000), stored straight
// in the database as the tests' seedRegistrations does, each with a ticket and a personal link, on
// the real server (a child process, SQLite, as `npm start` runs it) with a local SMTP server and
// the Graph API stand-in (WHATSAPP_TEMPLATE_REMINDER set). The event is saved through the API to
// start 24 hours from the current minute, so the default reminder (24 h before) is due now; the
// server's own 'reminders' job, at its next minute's check, queues them. Prints how long the job
// took to queue them, the seconds from the first reminder queued until the last e-mail is accepted
// and the last WhatsApp request answered, messages per second, and the panel's first card in
// Chromium (as messages.ts and admin-panel.ts time it) at rest and during the burst. A
// measurement, not a test. Run after a build, under flock /tmp/chromium.lock:
// npx tsx bench/reminders.ts [people]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TZDate } from '@date-fns/tz';
import { closeSharedBrowser, launchBrowser } from '#test/browser/browser.ts';
import { startSession } from '#test/api/sessions.ts';
import { servedRegistration } from '#test/builders/registrations.ts';
import { startChildServer } from '#test/servers/child-server.ts';
import { seedRegistrations } from '#test/servers/test-server.ts';
import { sendingEnv, startTestGraphApi } from '#test/stand-ins/graph-api.ts';
import { startTestSmtp } from '#test/stand-ins/smtp.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { newPersonalToken, newTicketCode } from '../src/server/tickets/ticket-code.ts';
import type { EventSettings } from '../src/shared/event-settings.schema.ts';
import { api } from '../src/shared/paths.ts';
import type { Registration } from '../src/shared/registration.schema.ts';

const total = Number(process.argv[2] ?? 5000);
const template = 'lembrete_evento';
let closing = '';
const deadline = setTimeout(() => {
  console.error(`reminders bench: over 10 minutes, giving up${closing && ` closing ${closing}`}`);
  process.exit(1);
}, 600_000);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const pad = (part: number) => String(part).padStart(2, '0');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dir = mkdtempSync(join(tmpdir(), 'inscricoes-bench-reminders-'));
const smtp = await startTestSmtp({ parse: false });
const graph = await startTestGraphApi();
const env = {
  DATABASE_URL: `file:${join(dir, 'bench.db')}`,
  ...sendingEnv({ smtp: smtp.url, graph }),
  WHATSAPP_TEMPLATE_REMINDER: template,
  LOG_LEVEL: 'warn',
};
const server = await startChildServer(env, { cwd: dir });
const db = await openDatabase(env.DATABASE_URL);
const browser = await launchBrowser({ viewport: { width: 412, height: 915 } });
try {
  // Confirmed with a ticket and a personal link, as the confirmation leaves them; no audit entry
  // after the reminder's time, so every one of them is due it.
  const rows = Array.from(
    { length: total },
    (_, i) =>
      ({
        ...servedRegistration({
          status: 'confirmed',
          ticket_code: newTicketCode(),
          whatsapp: `+1508${String(5550000 + i).padStart(7, '0')}`,
        }),
        personal_token: newPersonalToken(),
      }) as Registration,
  );
  await seedRegistrations(db.kysely, rows);
  const session = await startSession(db.kysely);
  const headers = {
    cookie: session.cookie,
    origin: server.url,
    'content-type': 'application/json',
  };
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
  const atRest = [await firstCard(), await firstCard(), await firstCard()];

  // The event starts 24 hours from the current minute: the 24 h reminder is due now.
  const read = await fetch(server.url + api.adminEvent, { headers });
  const settings = (await read.json()) as EventSettings;
  const there = new TZDate(Date.now() + 24 * 3_600_000, settings.timeZone);
  const saved = await fetch(server.url + api.adminEvent, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      ...settings,
      date: `${there.getFullYear()}-${pad(there.getMonth() + 1)}-${pad(there.getDate())}`,
      time: `${pad(there.getHours())}:${pad(there.getMinutes())}`,
      reminders: [{ hoursBefore: 24 }],
    }),
  });
  if (saved.status !== 200) throw new Error(`saving the event answered ${saved.status}`);
  const savedAt = Date.now();

  // The server's job queues them at its next check (within a minute).
  const queuedRows = () =>
    db.kysely
      .selectFrom('messages')
      .select(['id', 'channel', 'created_at'])
      .where('kind', '=', 'reminder')
      .execute();
  while ((await queuedRows()).length === 0) await sleep(100);
  const firstQueued = Math.min(...(await queuedRows()).map((m) => Date.parse(m.created_at)));
  const duringBurst = [await firstCard()];

  const emailAccepted = new Map<string, number>();
  const whatsappAnswered = new Map<string, number>();
  let emailIds = new Set<string>();
  while (emailAccepted.size < total || whatsappAnswered.size < total) {
    await sleep(50);
    if (emailIds.size < total) {
      const queued = await queuedRows();
      emailIds = new Set(queued.filter((m) => m.channel === 'email').map((m) => m.id));
    }
    for (const { messageId, at } of smtp.accepted) {
      const id = messageId.slice(1).split('@')[0];
      if (id && emailIds.has(id) && !emailAccepted.has(id)) emailAccepted.set(id, at);
    }
    for (const request of graph.requests) {
      const to = request.body.to;
      if (
        request.body.template.name === template &&
        request.answeredAt &&
        !whatsappAnswered.has(to)
      )
        whatsappAnswered.set(to, request.answeredAt);
    }
    // Two more samples of the panel while the burst lasts: at a third and two thirds of it.
    const sent = Math.min(emailAccepted.size, whatsappAnswered.size);
    if (duringBurst.length < 3 && sent >= (total * duringBurst.length) / 3)
      duringBurst.push(await firstCard());
  }
  const queued = await queuedRows();
  const lastQueued = Math.max(...queued.map((m) => Date.parse(m.created_at)));
  const lastEmail = Math.max(...emailAccepted.values()) - firstQueued;
  const lastWhatsapp = Math.max(...whatsappAnswered.values()) - firstQueued;
  const last = Math.max(lastEmail, lastWhatsapp);
  const list = (values: number[]) => values.map(seconds).join(', ');
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

  console.log(`reminders: ${total} confirmed people, the 24 h reminder due at the save`);
  console.log(
    `reminders: queued by the job ${seconds(firstQueued - savedAt)} after the save ` +
      `(its minute's check), all ${queued.length} rows in ${seconds(lastQueued - firstQueued)}`,
  );
  console.log(`reminders: last e-mail accepted ${seconds(lastEmail)} after the first row queued`);
  console.log(
    `reminders: last WhatsApp request answered ${seconds(lastWhatsapp)} after the first row queued`,
  );
  console.log(
    `reminders: ${total * 2} messages in ${seconds(last)}: ` +
      `${((total * 2) / (last / 1000)).toFixed(0)} messages/s ` +
      `(e-mail ${(total / (lastEmail / 1000)).toFixed(0)}/s, ` +
      `WhatsApp ${(total / (lastWhatsapp / 1000)).toFixed(0)}/s)`,
  );
  console.log(
    `reminders: panel first card at rest ${list(atRest)}; during the burst ${list(duringBurst)} ` +
      `(medians ${(median(duringBurst) / median(atRest)).toFixed(2)}×)`,
  );
  console.log(
    `reminders: e-mails handed over twice: ${smtp.accepted.length - emailAccepted.size}, ` +
      `WhatsApp requests beyond one per person: ${
        graph.requests.filter((r) => r.body.template.name === template).length -
        whatsappAnswered.size
      }`,
  );
} finally {
  // Each part closed in turn; the deadline names the one that does not close.
  const parts: Array<[string, () => Promise<unknown>]> = [
    ['Chromium', () => browser.close().then(closeSharedBrowser)],
    ['the server', () => server.kill()],
    ['the database', () => db.close()],
    ['the SMTP server', () => smtp.close()],
    ['the Graph API stand-in', () => graph.close()],
  ];
  for (const [name, close] of parts) {
    closing = name;
    await close();
  }
  rmSync(dir, { recursive: true, force: true });
  clearTimeout(deadline);
}
