// The organizer's downloads (issue 36.6): one registration's PDF, and 'Baixar todos', the ZIP of
// every issued certificate, opened back by Debian's unzip and each PDF read by pdftotext.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorTable } from '../../shared/api-error.ts';
import { api, withId } from '../../shared/paths.ts';
import type { Registration } from '../../shared/registration.schema.ts';
import { newCertificateCode } from './certificate-code.ts';
import {
  type CertificateRow,
  insertCertificate,
  revokeCertificate,
} from './certificates.repository.ts';
import { startSession } from '#test/api/sessions.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { register, startTestServer, type TestServer } from '#test/servers/test-server.ts';

const folder = mkdtempSync(join(tmpdir(), 'certificates-'));
const databases: TempPostgres[] = [];
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await Promise.all(databases.map((database) => database.drop()));
});

function textOf(pdf: Uint8Array, name: string): string {
  const file = join(folder, name);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function issue(server: TestServer, registrationId: string, name: string) {
  const row: CertificateRow = {
    code: newCertificateCode(),
    registration_id: registrationId,
    event_id: server.app.editions.current().id,
    name,
    event_name: 'Encontro de Ñandú e Zoë',
    event_date: '2026-12-06',
    minutes: 450,
    organizer: 'Associação Zoë',
    issued_at: '2026-12-06T21:00:00.000Z',
    revoked_at: null,
  };
  expect(await insertCertificate(server.app.db.kysely, row)).toBe(true);
  return row;
}

describe.each([['SQLite'], ['PostgreSQL']] as const)('one certificate, on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    let env: Record<string, string> = {};
    if (engine === 'PostgreSQL') {
      const database = await createTempPostgres();
      databases.push(database);
      env = { DATABASE_URL: database.url };
    }
    server = await startTestServer(env);
    admin = (await startSession(server.app.db.kysely)).cookie;
  }, 60_000);
  afterAll(() => server?.close());

  const download = (id: string, cookie = admin) =>
    server.request(withId(api.adminRegistrationCertificate, id), { headers: { cookie } });

  it('gives the PDF as an attachment named after its code', async () => {
    const registration = await register(server, { nome_completo: 'Conceição Araújo' });
    const certificate = await issue(server, registration.id, 'Conceição Araújo');
    const response = await download(registration.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="certificado-${certificate.code}.pdf"`,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = textOf(new Uint8Array(await response.arrayBuffer()), 'one.pdf');
    for (const shown of ['Conceição Araújo', 'Encontro de Ñandú e Zoë', certificate.code])
      expect(text).toContain(shown);
  });

  it('answers 404 in pt-BR when none was issued, or it was revoked', async () => {
    const { certificateNotFound } = errorTable;
    const expected = {
      error: { code: certificateNotFound.code, message: certificateNotFound.message },
    };
    const without = await register(server);
    const none = await download(without.id);
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual(expected);

    const registration = await register(server);
    const certificate = await issue(server, registration.id, 'Maria da Silva');
    expect(await revokeCertificate(server.app.db.kysely, certificate.code, new Date())).toBe(true);
    const revoked = await download(registration.id);
    expect(revoked.status).toBe(404);
    expect(await revoked.json()).toEqual(expected);
  });

  it("lists each registration's certificate: its code and times, null when none", async () => {
    const valid = await register(server);
    const revoked = await register(server);
    const none = await register(server);
    const kept = await issue(server, valid.id, 'Maria da Silva');
    const gone = await issue(server, revoked.id, 'Maria da Silva');
    const at = new Date('2026-12-07T10:00:00.000Z');
    await revokeCertificate(server.app.db.kysely, gone.code, at);
    const response = await server.request(api.adminRegistrations, { headers: { cookie: admin } });
    const listed = new Map(
      ((await response.json()) as Registration[]).map((row) => [row.id, row.certificate]),
    );
    expect(listed.get(valid.id)).toEqual({
      code: kept.code,
      issued_at: kept.issued_at,
      revoked_at: null,
    });
    expect(listed.get(revoked.id)).toEqual({
      code: gone.code,
      issued_at: gone.issued_at,
      revoked_at: at.toISOString(),
    });
    expect(listed.get(none.id)).toBeNull();
  });

  it("the person's page offers 'Baixar certificado' once issued, by the token alone", async () => {
    const answer = await server.request(api.registrations, {
      method: 'POST',
      json: validRegistration({ nome_completo: 'Zoë Ñandú' }),
    });
    const { id, personal_page: pageUrl } = (await answer.json()) as {
      id: string;
      personal_page: string;
    };
    const page = new URL(pageUrl).pathname;
    const pdfPath = `${page}/certificado.pdf`;
    expect(await (await server.request(page)).text()).not.toContain('Baixar certificado');
    expect((await server.request(pdfPath)).status).toBe(404);

    const certificate = await issue(server, id, 'Zoë Ñandú');
    const html = await (await server.request(page)).text();
    expect(html).toContain('Baixar certificado');
    expect(html).toContain(`href="${pdfPath}"`);
    const pdf = await server.request(pdfPath);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(
      `attachment; filename="certificado-${certificate.code}.pdf"`,
    );
    expect(textOf(new Uint8Array(await pdf.arrayBuffer()), 'own.pdf')).toContain('Zoë Ñandú');

    await revokeCertificate(server.app.db.kysely, certificate.code, new Date());
    expect(await (await server.request(page)).text()).not.toContain('Baixar certificado');
    const gone = await server.request(pdfPath);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('<title>Página não encontrada');
  });

  it('is for admins: a door account is refused', async () => {
    const registration = await register(server);
    await issue(server, registration.id, 'Maria da Silva');
    const door = (await startSession(server.app.db.kysely, { role: 'door' })).cookie;
    expect((await download(registration.id, door)).status).toBe(403);
    expect(
      (await server.request(api.adminCertificatesZip, { headers: { cookie: door } })).status,
    ).toBe(403);
  });
});

describe("'Baixar todos'", () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer();
    admin = (await startSession(server.app.db.kysely)).cookie;
  }, 60_000);
  afterAll(() => server?.close());

  it('streams a ZIP of every issued PDF: 200 opened back, each readable, none revoked', async () => {
    const issued = [];
    for (let index = 0; index < 202; index++) {
      const name = `Zoë Conceição ${String(index).padStart(3, '0')}`;
      const person = await register(server, { nome_completo: name });
      issued.push(await issue(server, person.id, name));
    }
    // One revoked before the download: never in it.
    await revokeCertificate(server.app.db.kysely, issued[0]!.code, new Date());

    const response = await server.request(api.adminCertificatesZip, { headers: { cookie: admin } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="certificados.zip"',
    );
    expect(response.headers.get('content-length')).toBeNull();
    // The first bytes arrive while the PDFs are still being made: the last one revoked now is
    // left out, as the rows are read as the ZIP reaches them (built first, it would be in).
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [];
    const first = await reader.read();
    chunks.push(first.value!);
    await revokeCertificate(server.app.db.kysely, issued.at(-1)!.code, new Date());
    for (let next = await reader.read(); !next.done; next = await reader.read())
      chunks.push(next.value);
    const file = join(folder, 'certificados.zip');
    writeFileSync(file, Buffer.concat(chunks));

    const listed = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
    const expected = issued.slice(1, -1);
    expect(listed).toHaveLength(200);
    expect(listed).toEqual(
      expected.map((row) => `zoe-conceicao-${row.name.slice(-3)}-${row.code}.pdf`),
    );
    for (const [index, entry] of listed.entries()) {
      const pdf = execFileSync('unzip', ['-p', file, entry]);
      const text = textOf(pdf, 'entry.pdf');
      expect(text).toContain(expected[index]!.name);
      expect(text).toContain(expected[index]!.code);
    }
  }, 120_000);
});
