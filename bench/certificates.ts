// Certificates of attendance (issue 36.9): N people who came (default 1,000), stored straight in
// the database as the tests' seedRegistrations does, confirmed and checked in at the door within
// the event's window, on the real server (a child process, SQLite, as `npm start` runs it) with a
// local SMTP server. Certificates are turned on through the API and issued by 'Emitir certificados
// agora' (POST /api/admin/certificates). Prints: the issue's answer time and the seconds until the
// last certificate e-mail (its PDF attached) is accepted, with the server's resident memory at its
// highest meanwhile; GET /api/admin/certificates.zip of all of them, its time to the first byte of
// the body, to the last, and its size; then, in this process, the PDF function alone made 200 times
// (after a warm-up of 20): milliseconds per PDF, its size, and what the heap and the RSS grew by
// per PDF (after a full garbage collection: what stays), and the most the heap held between
// collections. A measurement, not a test. Run after a build:
// npx tsx bench/certificates.ts [people] [renders]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { TZDate } from '@date-fns/tz';
import { startSession } from '#test/api/sessions.ts';
import { servedRegistration, validRegistration } from '#test/builders/registrations.ts';
import { startChildServer } from '#test/servers/child-server.ts';
import { seedRegistrations } from '#test/servers/test-server.ts';
import { sendingEnv } from '#test/stand-ins/graph-api.ts';
import { startTestSmtp } from '#test/stand-ins/smtp.ts';
import { newCertificateCode } from '../src/server/certificates/certificate-code.ts';
import {
  type CertificateContent,
  certificatePdf,
} from '../src/server/certificates/certificate-pdf.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { newTicketCode } from '../src/server/tickets/ticket-code.ts';
import { defaultCertificateText } from '../src/shared/certificate-text.ts';
import type { EventSettings } from '../src/shared/event-settings.schema.ts';
import { api, certificatePageUrl } from '../src/shared/paths.ts';

const total = Number(process.argv[2] ?? 1000);
/** How many times the PDF function alone is timed in this process. */
const renders = Number(process.argv[3] ?? 200);
const deadline = setTimeout(() => {
  console.error('certificates bench: over 30 minutes, giving up');
  process.exit(1);
}, 1_800_000);

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pad = (part: number) => String(part).padStart(2, '0');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/** A process's resident memory now, from /proc (bytes). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
}

const dir = mkdtempSync(join(tmpdir(), 'inscricoes-bench-certificates-'));
const smtp = await startTestSmtp({ parse: false });
const env = {
  DATABASE_URL: `file:${join(dir, 'bench.db')}`,
  ...sendingEnv({ smtp: smtp.url }),
  LOG_LEVEL: 'warn',
};
const server = await startChildServer(env, { cwd: dir });
const pid = server.process.pid!;
const db = await openDatabase(env.DATABASE_URL);
try {
  // The event started an hour ago and lasts four: the end-of-event job stays out of the way and
  // the button issues them all. Everyone came in half an hour ago.
  const checkedIn = new Date(Date.now() - 30 * 60_000).toISOString();
  const rows = Array.from({ length: total }, (_, i) =>
    servedRegistration(
      {
        status: 'confirmed',
        ticket_code: newTicketCode(),
        checked_in_at: checkedIn,
        checked_in_by: 'porta@exemplo.com',
      },
      validRegistration({ nome_completo: `Conceição Araújo Ñandú ${i}` }),
    ),
  );
  await seedRegistrations(db.kysely, rows);
  const session = await startSession(db.kysely);
  const headers = {
    cookie: session.cookie,
    origin: server.url,
    'content-type': 'application/json',
  };
  const read = await fetch(server.url + api.adminEvent, { headers });
  const settings = (await read.json()) as EventSettings;
  const there = new TZDate(Date.now() - 3_600_000, settings.timeZone);
  const saved = await fetch(server.url + api.adminEvent, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      ...settings,
      date: `${there.getFullYear()}-${pad(there.getMonth() + 1)}-${pad(there.getDate())}`,
      time: `${pad(there.getHours())}:${pad(there.getMinutes())}`,
      durationMinutes: 240,
      certificate: {
        ...settings.certificate,
        enabled: true,
        signers: [
          { name: 'Zoë Façanha', role: 'Coordenação' },
          { name: 'João Ñandú', role: 'Organização' },
        ],
      },
    }),
  });
  if (saved.status !== 200) throw new Error(`saving the event answered ${saved.status}`);
  const rssAtRest = rssOf(pid);

  // 'Emitir certificados agora', then every e-mail accepted by the SMTP server.
  const started = Date.now();
  const issuing = await fetch(server.url + api.adminCertificates, {
    method: 'POST',
    headers: { cookie: session.cookie, origin: server.url },
  });
  const answered = Date.now() - started;
  const { issued } = (await issuing.json()) as { issued: number };
  if (issuing.status !== 202 || issued !== total)
    throw new Error(`issuing answered ${issuing.status} with ${issued} issued`);
  const messageIds = new Set(
    (
      await db.kysely
        .selectFrom('messages')
        .select('id')
        .where('kind', '=', 'certificate')
        .where('channel', '=', 'email')
        .execute()
    ).map((m) => m.id),
  );
  const accepted = new Map<string, number>();
  let rssHighest = rssOf(pid);
  while (accepted.size < total) {
    await sleep(50);
    rssHighest = Math.max(rssHighest, rssOf(pid));
    for (const { messageId, at } of smtp.accepted) {
      const id = messageId.slice(1).split('@')[0];
      if (id && messageIds.has(id) && !accepted.has(id)) accepted.set(id, at);
    }
  }
  const lastEmail = Math.max(...accepted.values()) - started;

  // 'Baixar todos': the ZIP of every certificate, as it streams.
  const rssBeforeZip = rssOf(pid);
  let rssDuringZip = rssBeforeZip;
  const sampler = setInterval(() => (rssDuringZip = Math.max(rssDuringZip, rssOf(pid))), 50);
  const asked = performance.now();
  const zip = await fetch(server.url + api.adminCertificatesZip, { headers });
  const headersIn = performance.now() - asked;
  if (zip.status !== 200 || !zip.body) throw new Error(`the ZIP answered ${zip.status}`);
  const reader = zip.body.getReader();
  let firstByte = 0;
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size === 0) firstByte = performance.now() - asked;
    size += value.byteLength;
  }
  const zipDone = performance.now() - asked;
  clearInterval(sampler);

  console.log(`certificates: ${total} people checked in, certificates on, two signers`);
  console.log(
    `certificates: POST ${api.adminCertificates} answered 202 {issued: ${issued}} in ${seconds(answered)}`,
  );
  console.log(
    `certificates: last e-mail (PDF attached) accepted ${seconds(lastEmail)} after the POST: ` +
      `${(total / (lastEmail / 1000)).toFixed(0)} e-mails/s; server RSS ${megabytes(rssAtRest)} ` +
      `at rest, ${megabytes(rssHighest)} at most meanwhile`,
  );
  console.log(
    `certificates: ZIP of ${total}: headers in ${headersIn.toFixed(0)} ms, first byte of the body ` +
      `in ${firstByte.toFixed(0)} ms, the last in ${seconds(zipDone)}, ${megabytes(size)} ` +
      `(${kilobytes(size / total)} per certificate); server RSS ${megabytes(rssBeforeZip)} before, ` +
      `${megabytes(rssDuringZip)} at most meanwhile`,
  );
} finally {
  await server.kill();
  await db.close();
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
}

// The PDF function alone, in this process, with the server gone.
function content(i: number): CertificateContent {
  const code = newCertificateCode();
  return {
    code,
    name: `Conceição Araújo Ñandú ${i}`,
    eventName: 'Encontro de Ñandú e Zoë',
    eventDate: '2026-12-06',
    place: 'Auditório Ibirapuera, São Paulo',
    hours: 7.5,
    text: defaultCertificateText,
    signers: [
      { name: 'Zoë Façanha', role: 'Coordenação' },
      { name: 'João Ñandú', role: 'Organização' },
    ],
    verificationUrl: certificatePageUrl('https://eventos.exemplo.org', code),
    issuedAt: new Date('2026-12-06T21:00:00Z'),
  };
}
for (let i = 0; i < 20; i++) await certificatePdf(content(i));
const contents = Array.from({ length: renders }, (_, i) => content(i));
gc();
const before = process.memoryUsage();
const durations: number[] = [];
let bytes = 0;
let heapHighest = before.heapUsed;
for (const one of contents) {
  const start = performance.now();
  const pdf = await certificatePdf(one);
  durations.push(performance.now() - start);
  bytes += pdf.byteLength;
  heapHighest = Math.max(heapHighest, process.memoryUsage().heapUsed);
}
const rssAfter = process.memoryUsage().rss;
gc();
const after = process.memoryUsage();
const mean = durations.reduce((sum, d) => sum + d, 0) / durations.length;
console.log(
  `certificates: the PDF function ${renders} times in this process: ${mean.toFixed(1)} ms each on ` +
    `average (p50 ${percentile(durations, 0.5).toFixed(1)} ms, p95 ${percentile(durations, 0.95).toFixed(1)} ms), ` +
    `${kilobytes(bytes / renders)} each`,
);
console.log(
  `certificates: per PDF, heap kept after a full GC ${kilobytes((after.heapUsed - before.heapUsed) / renders)}, ` +
    `RSS grown ${kilobytes((rssAfter - before.rss) / renders)} ` +
    `(heap ${megabytes(before.heapUsed)} → ${megabytes(after.heapUsed)}, at most ${megabytes(heapHighest)} ` +
    `before a collection; RSS ${megabytes(before.rss)} → ${megabytes(rssAfter)})`,
);
clearTimeout(deadline);
