// Certificates and privacy (issue 36.7) on a real server, SQLite and PostgreSQL: a person erased by
// the organizer keeps a verifiable certificate holding only their name, the event, its date, the
// hours and the code, unless the organizer says not to keep it; the retention job erases a
// certificate once its edition's certificateRetentionYears have passed since its issue; a
// revoked certificate loses the name at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { api, certificatePage, paths, withCode, withId } from '../../shared/paths.ts';
import { certificatesOn } from '#test/api/certificates.ts';
import { registerConfirmed } from '#test/api/door.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';
import { retentionJob } from '../registrations/retention.job.ts';

const databases: TempPostgres[] = [];
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

const year = 365.25 * 24 * 60 * 60_000;

describe.each([['SQLite'], ['PostgreSQL']] as const)('on %s', (engine) => {
  let server: TestServer;
  let admin: TestSession;

  beforeAll(async () => {
    let env: Record<string, string> = {};
    if (engine === 'PostgreSQL') {
      const database = await createTempPostgres();
      databases.push(database);
      env = { DATABASE_URL: database.url };
    }
    server = await startTestServer(env);
    admin = await startSession(server.app.db.kysely);
    await certificatesOn(server, admin.cookie);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const asAdmin = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    server.request(path, { ...init, headers: { cookie: admin.cookie, ...init.headers } });
  const row = (code: string) =>
    server.app.db.kysely
      .selectFrom('certificates')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirst();

  async function issuedTo(name: string) {
    const person = await registerConfirmed(server, admin.cookie, { nome_completo: name });
    const response = await asAdmin(withId(api.adminRegistrationCertificate, person.id), {
      method: 'POST',
    });
    expect(response.status).toBe(201);
    const { code } = (await response.json()) as { code: string };
    return { person, code };
  }

  it('keeps 5 years by default, in the settings and on the privacy page', async () => {
    const settings = (await (await asAdmin(api.adminEvent)).json()) as EventSettings;
    expect(settings.certificateRetentionYears).toBe(5);
    // The page's text, without React's markers between a sentence's parts.
    const privacy = (await (await server.request(paths.privacy)).text()).replaceAll('<!-- -->', '');
    expect(privacy).toContain('continua verificável por 5 anos depois de emitido');
    const refused = await asAdmin(api.adminEvent, {
      method: 'PUT',
      json: { ...settings, certificateRetentionYears: 0 },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain(
      'Informe por quantos anos guardar os certificados: um número inteiro de 1 a 100.',
    );
  });

  it('keeps the certificate of an erased person, with nothing but what it certifies, unless told not to', async () => {
    const kept = await issuedTo('Conceição Mantida');
    expect(
      (await asAdmin(withId(api.adminRegistration, kept.person.id), { method: 'DELETE' })).status,
    ).toBe(204);
    const stored = await row(kept.code);
    // The row's columns: what the page shows, the edition it came from, and no link to anyone.
    expect(stored).toEqual({
      code: kept.code,
      registration_id: null,
      event_id: expect.any(String),
      name: 'Conceição Mantida',
      event_name: expect.any(String),
      event_date: expect.any(String),
      minutes: 120,
      organizer: expect.any(String),
      issued_at: expect.any(String),
      revoked_at: null,
    });
    const page = await (await server.request(withCode(certificatePage, kept.code))).text();
    expect(page).toContain('Certificado válido');
    expect(page).toContain('Conceição Mantida');

    const erased = await issuedTo('Zoë Apagada');
    const response = await asAdmin(
      `${withId(api.adminRegistration, erased.person.id)}?certificate=erase`,
      { method: 'DELETE' },
    );
    expect(response.status).toBe(204);
    expect(await row(erased.code)).toBeUndefined();
    expect((await server.request(withCode(certificatePage, erased.code))).status).toBe(404);
  });

  it('erases a certificate once its years have passed since its issue, and a revoked one loses the name at once', async () => {
    const old = await issuedTo('Ana Seis Anos');
    const younger = await issuedTo('Bia Quatro Anos');
    const setIssued = (code: string, yearsAgo: number) =>
      server.app.db.kysely
        .updateTable('certificates')
        .set({ issued_at: new Date(Date.now() - yearsAgo * year).toISOString() })
        .where('code', '=', code)
        .execute();
    await setIssued(old.code, 6);
    await setIssued(younger.code, 4);
    await retentionJob.run(server.app);
    expect(await row(old.code)).toBeUndefined();
    expect((await server.request(withCode(certificatePage, old.code))).status).toBe(404);
    expect(await row(younger.code)).toMatchObject({ name: 'Bia Quatro Anos' });

    // Kept 3 years from now on: the four-year-old one goes at the next run.
    const settings = (await (await asAdmin(api.adminEvent)).json()) as EventSettings;
    const saved = await asAdmin(api.adminEvent, {
      method: 'PUT',
      json: { ...settings, certificateRetentionYears: 3 },
    });
    expect(saved.status).toBe(200);
    await retentionJob.run(server.app);
    expect(await row(younger.code)).toBeUndefined();

    const revoked = await issuedTo('Caio Revogado');
    const revoke = await asAdmin(withId(api.adminRegistrationCertificate, revoked.person.id), {
      method: 'DELETE',
    });
    expect(revoke.status).toBe(204);
    expect(await row(revoked.code)).toMatchObject({ name: '', revoked_at: expect.any(String) });
  });
});
