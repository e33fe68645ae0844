// Certificates issued by themselves at the event's end (issue 36.4), by three server instances on
// one PostgreSQL database at once: the job's run on each, and the issuing itself on each past the
// job's lock. Exactly one certificate and one e-mail per person who came (the PDF attached and
// read back with pdftotext), none for anyone else; nothing before the end, nothing while off.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificatePageUrl } from '../../shared/paths.ts';
import type { Registration } from '../../shared/registration.schema.ts';
import { certificatesOn, checkedIn } from '#test/api/certificates.ts';
import { registerConfirmed } from '#test/api/door.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { register, startTestServer, type TestServer } from '#test/servers/test-server.ts';
import { sendingEnv } from '#test/stand-ins/graph-api.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import { certificateIssueJob, issueCurrentCertificates } from './certificate-issue.job.ts';

const hour = 60 * 60_000;
const folder = mkdtempSync(join(tmpdir(), 'certificate-issue-'));
let smtp: TestSmtp;
let database: TempPostgres;
let servers: TestServer[];
let admin: TestSession;

beforeAll(async () => {
  smtp = await startTestSmtp();
  database = await createTempPostgres();
  // One site behind a proxy: the links every instance writes name the same address.
  const env = {
    DATABASE_URL: database.url,
    PUBLIC_URL: 'http://eventos.exemplo.org',
    ...sendingEnv({ smtp: smtp.url }),
  };
  servers = [];
  for (let i = 0; i < 3; i++) servers.push(await startTestServer(env));
  admin = await startSession(servers[0]!.app.db.kysely);
}, 60_000);
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await database?.drop();
  await smtp?.close();
  rmSync(folder, { recursive: true, force: true });
});

const first = () => servers[0]!;
const db = () => first().app.db.kysely;

async function certificateMessages() {
  return db()
    .selectFrom('messages')
    .select(['registration_id', 'channel', 'status'])
    .where('kind', '=', 'certificate')
    .execute();
}

/** Every instance runs the job and issues past its lock, all at the same moment. */
async function issueEverywhere() {
  await Promise.all(
    servers.flatMap((server) => [
      server.app.jobs.runNow(certificateIssueJob.name),
      issueCurrentCertificates(server.app, new Date()),
    ]),
  );
}

describe('three instances at the event’s end', () => {
  it('issues nothing before the end, nor while certificates are off', async () => {
    const settings = await certificatesOn(first(), admin.cookie, { hoursAgo: 1 });
    const person = await registerConfirmed(first(), admin.cookie);
    await checkedIn(first(), person.id, settings.startedAt + 10 * 60_000);
    // Running, an hour into two: not ended.
    await Promise.all(servers.map((s) => s.app.jobs.runNow(certificateIssueJob.name)));
    await certificatesOn(first(), admin.cookie, { enabled: false });
    await Promise.all(servers.map((s) => s.app.jobs.runNow(certificateIssueJob.name)));
    expect(await issueCurrentCertificates(first().app, new Date())).toBeNull();
    expect(await db().selectFrom('certificates').selectAll().execute()).toEqual([]);
    expect(await certificateMessages()).toEqual([]);
  }, 60_000);

  it('gives one certificate and one e-mail to each person who came, and to nobody else', async () => {
    const settings = await certificatesOn(first(), admin.cookie);
    await db().deleteFrom('registrations').execute();
    const came: Registration[] = [];
    for (let i = 0; i < 12; i++) {
      const person = await registerConfirmed(first(), admin.cookie, {
        nome_completo: `Conceição Araújo ${i}`,
        email: `veio.${i}@exemplo.com`,
      });
      await checkedIn(first(), person.id, settings.startedAt + i * 60_000);
      came.push(person);
    }
    const away = await registerConfirmed(first(), admin.cookie);
    const practising = await registerConfirmed(first(), admin.cookie);
    await checkedIn(first(), practising.id, settings.startedAt - 30 * 24 * hour);
    const pending = await register(first());
    await checkedIn(first(), pending.id, settings.startedAt + hour);
    smtp.received.length = 0;

    // The job alone, on the three at once: one of them issues.
    await Promise.all(servers.map((s) => s.app.jobs.runNow(certificateIssueJob.name)));
    expect(await db().selectFrom('certificates').select('code').execute()).toHaveLength(
      came.length,
    );
    // Then everyone again, past the lock as well: nothing more.
    await issueEverywhere();
    await issueEverywhere();

    const certificates = await db().selectFrom('certificates').selectAll().execute();
    const ids = came.map((person) => person.id).sort();
    expect(certificates.map((row) => row.registration_id).sort()).toEqual(ids);
    const messages = await certificateMessages();
    expect(messages.map((m) => `${m.registration_id} ${m.channel}`).sort()).toEqual(
      ids.map((id) => `${id} email`),
    );
    for (const nobody of [away, practising, pending]) {
      expect(certificates.some((row) => row.registration_id === nobody.id)).toBe(false);
    }

    await expect
      .poll(async () => (await certificateMessages()).every((m) => m.status === 'sent'), {
        timeout: 30_000,
      })
      .toBe(true);
    const certificateMails = smtp.received.filter((mail) =>
      mail.subject?.startsWith('Seu certificado'),
    );
    expect(certificateMails).toHaveLength(came.length);
    expect(new Set(certificateMails.map((mail) => mail.messageId)).size).toBe(came.length);
    const mail = certificateMails.find(
      (m) => m.to && 'text' in m.to && m.to.text.includes('veio.3@'),
    )!;
    const row = certificates.find((r) => r.registration_id === came[3]!.id)!;
    expect(mail.subject).toBe(`Seu certificado: ${settings.name}`);
    const url = certificatePageUrl(first().config.publicUrl, row.code);
    expect(mail.text).toContain(url);
    expect(mail.html).toContain(`href="${url}"`);
    const [pdf] = mail.attachments.filter((a) => a.contentType === 'application/pdf');
    expect(pdf?.filename).toBe(`certificado-${row.code}.pdf`);
    const file = join(folder, 'attached.pdf');
    writeFileSync(file, pdf!.content);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Conceição Araújo 3');
    expect(text).toContain(row.code);
    expect(text).toContain('Zoë Façanha');
  }, 60_000);
});
