// POST /convite: the form as the browser posts it itself, JavaScript off (issue 31.7, decision
// 0209), on a real server over HTTP, on SQLite and PostgreSQL: stored and 303 to the thank-you
// page; refused, the form again (400) with the messages at the fields and what was typed,
// escaped; the honeypot, another site's post and the rate limit as for the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorTable } from '../../shared/api-error.ts';
import { api, paths } from '../../shared/paths.ts';
import { fieldMessages } from '../../shared/registration.fields.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession } from '#test/api/sessions.ts';
import { countRegistrations, startTestServer, type TestServer } from '#test/servers/test-server.ts';

const databases: TempPostgres[] = [];
const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await Promise.all(databases.map((database) => database.drop()));
});

let unique = 0;
/** The form's fields as the browser sends them, a new e-mail each time. */
function formFields(
  overrides: Record<string, string> = {},
): Record<string, string> & { email: string } {
  unique += 1;
  return {
    nome_completo: 'Joana Sem Script',
    whatsapp_pais: 'US',
    whatsapp: '(508) 555-1234',
    email: `joana.${unique}.${Date.now()}@exemplo.com`,
    nome_compania: 'Obras Leves',
    levar_alguem: 'nao',
    confirmacao: 'agenda',
    website: '',
    ...overrides,
  };
}

/** The form posted as a browser posts it from the site's own page. */
function post(server: TestServer, fields: Record<string, string>, headers = {}) {
  return fetch(server.url + paths.register, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      origin: server.url,
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

async function stored(server: TestServer, email: string) {
  return server.app.db.kysely
    .selectFrom('registrations')
    .select(['nome_completo', 'whatsapp', 'email', 'levar_alguem', 'confirmacao', 'status'])
    .where('email', '=', email)
    .execute();
}

describe.each([['SQLite'], ['PostgreSQL']] as const)('POST /convite on %s', (engine) => {
  let server: TestServer;
  let env: Record<string, string> = {};

  beforeAll(async () => {
    if (engine === 'PostgreSQL') {
      const database = await createTempPostgres();
      databases.push(database);
      env = { DATABASE_URL: database.url };
    }
    server = await startTestServer(env);
    servers.push(server);
  });

  it('stores a valid form and sends the browser to the thank-you page (303)', async () => {
    const fields = formFields({ whatsapp_pais: 'BR', whatsapp: '(81) 99876-5432' });
    const response = await post(server, fields);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(paths.thanks);
    expect(await stored(server, fields.email)).toEqual([
      {
        nome_completo: 'Joana Sem Script',
        whatsapp: '+5581998765432',
        email: fields.email,
        levar_alguem: 'nao',
        confirmacao: 'agenda',
        status: 'pending',
      },
    ]);
  });

  it('answers the form again (400) with the messages at the fields and what was typed, escaped', async () => {
    const before = await countRegistrations(server);
    const fields = formFields({
      nome_completo: '   ',
      email: 'joana@',
      nome_compania: '<script>alert("x")</script> & Filhos',
      whatsapp: '123',
    });
    const response = await post(server, fields);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain(fieldMessages.required);
    expect(html).toContain(fieldMessages.invalidEmail);
    expect(html).toContain(fieldMessages.invalidPhone);
    expect(html).toContain('Por favor, preencha todos os campos obrigatórios.');
    expect(html).toContain('value="joana@"');
    expect(html).toContain('value="123"');
    expect(html).toContain(
      'value="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Filhos"',
    );
    expect(html).not.toContain('<script>alert');
    // The answers chosen stay chosen; no script on the page.
    expect(html).toMatch(/<input[^>]*value="nao"[^>]*checked|<input[^>]*checked[^>]*value="nao"/);
    expect(html).not.toMatch(/<script[\s>]/);
    expect(await countRegistrations(server)).toBe(before);
  });

  it('keeps the country chosen, with every country in the list', async () => {
    const response = await post(server, formFields({ whatsapp_pais: 'BR', email: 'x' }));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('<option value="BR" selected>');
    expect(html).toContain('<option value="PT">');
  });

  it('answers an e-mail already registered at its field (409), storing nothing', async () => {
    const fields = formFields();
    expect((await post(server, fields)).status).toBe(303);
    const again = await post(server, { ...fields, nome_completo: 'Outra Joana' });
    expect(again.status).toBe(409);
    const html = await again.text();
    expect(html).toContain(errorTable.duplicateEmail.message);
    expect(html).toContain('value="Outra Joana"');
    expect(await stored(server, fields.email)).toHaveLength(1);
  });

  it('answers a bot that filled the honeypot as a success, storing nothing', async () => {
    const before = await countRegistrations(server);
    const response = await post(server, formFields({ website: 'https://spam.example' }));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(paths.thanks);
    expect(await countRegistrations(server)).toBe(before);
  });

  it('refuses a post from another site (403 cross_site), storing nothing', async () => {
    const before = await countRegistrations(server);
    const response = await post(server, formFields(), {
      'sec-fetch-site': 'cross-site',
      origin: 'https://evil.example',
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('cross_site');
    expect(await countRegistrations(server)).toBe(before);
  });

  it('answers any other body with the page that says nothing was sent (0177)', async () => {
    const response = await fetch(server.url + paths.register, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams(formFields()).toString(),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Sua inscrição não foi enviada');
  });

  it('answers with the closed form page (409) when registrations are closed', async () => {
    const admin = await startSession(server.app.db.kysely);
    const asAdmin = (init: RequestInit & { json?: unknown } = {}) =>
      server.request(api.adminEvent, { ...init, headers: { cookie: admin.cookie } });
    const settings = (await (await asAdmin()).json()) as Record<string, unknown>;
    const closing = await asAdmin({
      method: 'PUT',
      json: { ...settings, registrationOpen: false },
    });
    expect(closing.status).toBe(200);
    try {
      const before = await countRegistrations(server);
      const response = await post(server, formFields());
      expect(response.status).toBe(409);
      expect(await response.text()).toContain('Inscrições encerradas');
      expect(await countRegistrations(server)).toBe(before);
    } finally {
      const current = (await (await asAdmin()).json()) as Record<string, unknown>;
      await asAdmin({ method: 'PUT', json: { ...current, registrationOpen: true } });
    }
  });

  it('counts posts against REGISTRATION_RATE_LIMIT as the API does (429)', async () => {
    const limited = await startTestServer({ ...env, REGISTRATION_RATE_LIMIT: '2' });
    servers.push(limited);
    const before = await countRegistrations(limited);
    expect((await post(limited, formFields())).status).toBe(303);
    expect((await post(limited, formFields())).status).toBe(303);
    const refused = await post(limited, formFields());
    expect(refused.status).toBe(429);
    expect(await countRegistrations(limited)).toBe(before + 2);
  });
});
