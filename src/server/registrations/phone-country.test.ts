// The visitor's country (issue 33.3), on a real server over HTTP on SQLite and PostgreSQL: the
// event's phoneCountry ('US', the original's, by default) is the WhatsApp picker's country on the
// form page, and a number sent without its country code is read in it by the API, with the same
// shared parsing the form runs. A bad country is refused at its field and saves nothing; the next
// edition keeps it; the history names it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventFieldMessages as messages } from '../../shared/event-fields.ts';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { api, paths } from '../../shared/paths.ts';
import { fieldMessages } from '../../shared/registration.fields.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

const databases: TempPostgres[] = [];
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

let people = 0;
function registration(whatsapp: string) {
  people += 1;
  return {
    nome_completo: `Pessoa ${people}`,
    whatsapp,
    email: `pessoa${people}@exemplo.com`,
    nome_compania: 'Porto Digital',
  };
}

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
    server = await startTestServer({ ...env, REGISTRATION_RATE_LIMIT: '0' });
    admin = await startSession(server.app.db.kysely);
  });
  afterAll(async () => {
    await server?.close();
  });

  const asAdmin = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    server.request(path, { ...init, headers: { cookie: admin.cookie, ...init.headers } });
  const current = async () => (await (await asAdmin(api.adminEvent)).json()) as EventSettings;
  const register = (whatsapp: string) =>
    server.request(api.registrations, { method: 'POST', json: registration(whatsapp) });
  const picker = async () => {
    const form = await (await server.request(paths.register)).text();
    return /<select[^>]*name="whatsapp_pais"[^>]*>(.*?)<\/select>/.exec(form)?.[1];
  };

  it('reads numbers in the United States by default, as the original did', async () => {
    expect((await current()).phoneCountry).toBe('US');
    expect(await picker()).toBe('<option value="US">Estados Unidos (+1)</option>');
    const response = await register('(508) 555-1234');
    expect(response.status).toBe(201);
    expect((await response.json()).whatsapp).toBe('+15085551234');
  });

  it('refuses a country it does not know at its field, saving nothing', async () => {
    const before = await current();
    for (const phoneCountry of ['XX', 'Brasil', '', 55]) {
      const response = await asAdmin(api.adminEvent, {
        method: 'PUT',
        json: { ...before, phoneCountry },
      });
      expect(response.status, String(phoneCountry)).toBe(400);
      expect((await response.json()).error.fields).toEqual({
        phoneCountry: phoneCountry === '' ? messages.required : messages.phoneCountry,
      });
    }
    expect(await current()).toEqual(before);
  });

  it("reads a number without its code in the event's country once it is Brazil", async () => {
    const saved = await asAdmin(api.adminEvent, {
      method: 'PUT',
      json: { ...(await current()), phoneCountry: 'br' },
    });
    expect(saved.status).toBe(200);
    expect((await current()).phoneCountry).toBe('BR');
    expect(await picker()).toBe('<option value="BR">Brasil (+55)</option>');

    const landline = await register('(81) 3456-7890');
    expect(landline.status).toBe(201);
    expect((await landline.json()).whatsapp).toBe('+558134567890');
    const mobile = await register('81 99876-5432');
    expect(mobile.status).toBe(201);
    expect((await mobile.json()).whatsapp).toBe('+5581998765432');
    // A number with its code is still that country's.
    const abroad = await register('+1 508 555 1235');
    expect((await abroad.json()).whatsapp).toBe('+15085551235');
    // A Brazilian number without its area code is no number.
    const noArea = await register('99876-5432');
    expect(noArea.status).toBe(400);
    expect((await noArea.json()).error.fields).toEqual({
      whatsapp: fieldMessages.invalidPhone,
    });
  });

  it('starts the next edition with it, and the history names it', async () => {
    const created = await asAdmin(api.adminEditions, {
      method: 'POST',
      json: { name: 'Encontro Dev Recife 2037', date: '2037-03-19' },
    });
    expect(created.status).toBe(201);
    expect((await current()).phoneCountry).toBe('BR');
    const editions = (await (await asAdmin(api.adminEditions)).json()) as { id: string }[];
    const changes = (await (
      await asAdmin(api.adminEditionChanges.replace(':id', editions[1]?.id ?? ''))
    ).json()) as { fields: string[] }[];
    expect(changes.some((change) => change.fields.includes('phoneCountry'))).toBe(true);
  });
});
