// Anyone can verify a certificate (issue 36.5), on both engines: the page for a valid, a revoked
// and an unknown code, '/validar', the limit per address, and the certificate outliving its
// registration (36.7). Certificates are stored by the repository the issuing will use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateLookup, certificatePage, withCode } from '../../shared/paths.ts';
import { newCertificateCode } from './certificate-code.ts';
import { certificateLookupsPerMinute } from './certificate-page.routes.ts';
import {
  type CertificateRow,
  insertCertificate,
  revokeCertificate,
} from './certificates.repository.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { register, startTestServer, type TestServer } from '#test/servers/test-server.ts';

const databases: TempPostgres[] = [];
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

describe.each([['SQLite'], ['PostgreSQL']] as const)('on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    // The address each test sends in X-Forwarded-For is the client's, as behind a proxy.
    let env: Record<string, string> = { TRUST_PROXY: 'true' };
    if (engine === 'PostgreSQL') {
      const database = await createTempPostgres();
      databases.push(database);
      env = { ...env, DATABASE_URL: database.url };
    }
    server = await startTestServer(env);
  }, 60_000);
  afterAll(() => server?.close());

  // Each test from its own address, so that the limit per address counts only its own lookups.
  let address = 0;
  let forwardedFor = '';
  const get = (path: string) =>
    server.request(path, { redirect: 'manual', headers: { 'x-forwarded-for': forwardedFor } });

  async function issued(changes: Partial<CertificateRow> = {}): Promise<CertificateRow> {
    forwardedFor = `203.0.113.${++address}`;
    const registration = await register(server, { nome_completo: 'Conceição Araújo' });
    const row: CertificateRow = {
      code: newCertificateCode(),
      registration_id: registration.id,
      event_id: null,
      name: 'Conceição Araújo',
      event_name: 'Encontro de Ñandú e Zoë',
      event_date: '2026-12-06',
      minutes: 450,
      organizer: 'Associação Zoë',
      issued_at: '2026-12-06T21:00:00.000Z',
      revoked_at: null,
      ...changes,
    };
    expect(await insertCertificate(server.app.db.kysely, row)).toBe(true);
    return row;
  }

  async function expectScriptlessPage(response: Response, status: number) {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    const html = await response.text();
    expect(html).not.toContain('<script');
    return html;
  }

  it('says a valid certificate is valid, with what it certifies and nothing else', async () => {
    const certificate = await issued();
    const response = await get(withCode(certificatePage, certificate.code));
    const html = await expectScriptlessPage(response, 200);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(html).toContain('Certificado válido');
    for (const shown of [
      'Conceição Araújo',
      'Encontro de Ñandú e Zoë',
      '6 de dezembro de 2026',
      '7,5 horas',
      'Associação Zoë',
      certificate.code,
    ]) {
      expect(html).toContain(shown);
    }
    // Nothing of the registration beyond the name: not its e-mail, phone or company.
    expect(html).not.toMatch(/@exemplo\.com|5085551234|Construtora Horizonte/);
  });

  it('reads the code in the address forgiving its case and dashes', async () => {
    const certificate = await issued();
    const typed = certificate.code.toLowerCase().replaceAll('-', '');
    const html = await expectScriptlessPage(await get(withCode(certificatePage, typed)), 200);
    expect(html).toContain('Certificado válido');
  });

  it('says a revoked certificate is revoked, and names nobody', async () => {
    const certificate = await issued();
    expect(await revokeCertificate(server.app.db.kysely, certificate.code, new Date())).toBe(true);
    expect(await revokeCertificate(server.app.db.kysely, certificate.code, new Date())).toBe(false);
    const html = await expectScriptlessPage(
      await get(withCode(certificatePage, certificate.code)),
      200,
    );
    expect(html).toContain('Certificado revogado');
    expect(html).not.toContain('Certificado válido');
    expect(html).not.toContain('Conceição');
  });

  it('answers an unknown code, or no code at all, with the not-found page', async () => {
    await issued();
    for (const code of [newCertificateCode(), 'ABCD', 'não-é-código']) {
      const response = await get(withCode(certificatePage, code));
      expect(response.status).toBe(404);
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      const html = await response.text();
      expect(html).toContain('<title>Página não encontrada');
      expect(html).not.toContain('Certificado');
    }
  });

  it('keeps a certificate verifiable once its registration is erased', async () => {
    const certificate = await issued();
    await server.app.db.kysely
      .deleteFrom('registrations')
      .where('id', '=', certificate.registration_id!)
      .execute();
    const html = await expectScriptlessPage(
      await get(withCode(certificatePage, certificate.code)),
      200,
    );
    expect(html).toContain('Certificado válido');
    expect(html).toContain('Conceição Araújo');
  });

  it("'/validar' has a field, and sends a typed code to its page", async () => {
    const certificate = await issued();
    const form = await expectScriptlessPage(await get(certificateLookup), 200);
    expect(form).toContain('<label for="certificate-code"');
    expect(form).toContain('name="codigo"');
    const typed = ` ${certificate.code.toLowerCase().replaceAll('-', ' ')} `;
    const sent = await get(`${certificateLookup}?codigo=${encodeURIComponent(typed)}`);
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(withCode(certificatePage, certificate.code));
    const wrong = await expectScriptlessPage(await get(`${certificateLookup}?codigo=XYZ-12`), 200);
    expect(wrong).toContain('Código inválido');
    expect(wrong).toContain('value="XYZ-12"');
  });

  it('limits lookups per address, as many a minute on each page', async () => {
    const certificate = await issued();
    const path = withCode(certificatePage, certificate.code);
    for (let i = 0; i < certificateLookupsPerMinute; i++)
      expect((await get(path)).status).toBe(200);
    expect((await get(path)).status).toBe(429);
    forwardedFor = '198.51.100.7';
    expect((await get(path)).status).toBe(200);
  });
});
