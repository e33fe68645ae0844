// The certificate's WhatsApp message (issue 36.4) through Meta's Graph API stand-in: the template
// WHATSAPP_TEMPLATE_CERTIFICATE with the PDF as its header's document, by a link that opens
// without a login (read back with pdftotext), says nothing of the person or the code, refuses a
// changed token, a revoked certificate and, after a week, itself.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificatesOn, checkedIn } from '#test/api/certificates.ts';
import { registerConfirmed } from '#test/api/door.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';
import { sendingEnv, startTestGraphApi, type TestGraphApi } from '#test/stand-ins/graph-api.ts';
import { certificateIssueJob } from './certificate-issue.job.ts';
import { certificateLinkDays } from './certificate-links.ts';
import { revokeCertificate } from './certificates.repository.ts';

const folder = mkdtempSync(join(tmpdir(), 'certificate-messages-'));
let graph: TestGraphApi;
let server: TestServer;
let admin: TestSession;

beforeAll(async () => {
  graph = await startTestGraphApi();
  server = await startTestServer({
    ...sendingEnv({ graph }),
    WHATSAPP_TEMPLATE_CERTIFICATE: 'certificado_emitido',
  });
  admin = await startSession(server.app.db.kysely);
});
afterAll(async () => {
  await server?.close();
  await graph?.close();
  rmSync(folder, { recursive: true, force: true });
});

const day = 24 * 60 * 60_000;

function pdfText(bytes: ArrayBuffer): string {
  const file = join(folder, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, Buffer.from(bytes));
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
}

describe('the certificate by WhatsApp', () => {
  it('sends the template with the PDF as its document, by a link that opens without a login', async () => {
    const settings = await certificatesOn(server, admin.cookie);
    const person = await registerConfirmed(server, admin.cookie, {
      nome_completo: 'Conceição Ñandú',
      whatsapp: '+15085550142',
    });
    await checkedIn(server, person.id, settings.startedAt + 60_000);
    expect(await server.app.jobs.runNow(certificateIssueJob.name)).toBe('ran');
    const [certificate] = await server.app.db.kysely
      .selectFrom('certificates')
      .selectAll()
      .execute();

    await expect
      .poll(
        () =>
          graph.requests.filter((r) => r.wamid && r.body.template.name !== 'ingresso_confirmado'),
        {
          timeout: 20_000,
        },
      )
      .toHaveLength(1);
    const sent = graph.requests.find((r) => r.body.template.name === 'certificado_emitido')!;
    expect(sent.body.to).toBe('15085550142');
    const [header, body, button] = sent.body.template.components;
    expect(header?.type).toBe('header');
    const document = header?.parameters[0];
    expect(document?.type).toBe('document');
    expect(document?.document?.filename).toBe(`certificado-${certificate!.code}.pdf`);
    expect(body?.parameters.map((p) => p.text)).toEqual(['Conceição Ñandú', settings.name]);
    expect(button).toMatchObject({ sub_type: 'url', index: '0' });
    expect(button?.parameters[0]?.text).toBe(certificate!.code);

    // The address says nothing: not the code, not the name, not the registration.
    const link = document!.document!.link;
    expect(link.startsWith(`${server.config.publicUrl}/certificado/arquivo/`)).toBe(true);
    for (const secret of [certificate!.code, certificate!.code.replaceAll('-', ''), person.id])
      expect(link).not.toContain(secret);
    expect(link).not.toMatch(/Concei|Nand/i);

    // No cookie: as Meta fetches it.
    const response = await fetch(link);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = pdfText(await response.arrayBuffer());
    expect(text).toContain('Conceição Ñandú');
    expect(text).toContain(certificate!.code);

    // One changed character of the token: refused.
    const token = link.split('/').at(-1)!;
    const changed = token.slice(0, 20) + (token[20] === 'A' ? 'B' : 'A') + token.slice(21);
    const tampered = await fetch(link.replace(token, changed));
    expect(tampered.status).toBe(404);
    expect(tampered.headers.get('content-type')).toContain('text/html');
    expect((await fetch(link.replace(token, 'abc'))).status).toBe(404);

    // A link made eight days ago has lapsed; one made six days ago still opens.
    const links = server.app.certificateLinks;
    const old = links.fileUrl(
      certificate!.code,
      new Date(Date.now() - (certificateLinkDays + 1) * day),
    );
    expect((await fetch(old)).status).toBe(410);
    const recent = links.fileUrl(
      certificate!.code,
      new Date(Date.now() - (certificateLinkDays - 1) * day),
    );
    expect((await fetch(recent)).status).toBe(200);

    // Revoked: the link opens nothing any more.
    await revokeCertificate(server.app.db.kysely, certificate!.code, new Date());
    expect((await fetch(link)).status).toBe(404);
  }, 60_000);
});
