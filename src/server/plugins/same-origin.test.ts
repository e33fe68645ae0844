import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../shared/api-error.ts';
import { api, withId } from '../../shared/paths.ts';
import { startSession } from '#test/api/sessions.ts';
import { countRegistrations, startTestServer, type TestServer } from '#test/servers/test-server.ts';
import { validRegistration } from '#test/builders/registrations.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** fetch without the helper's same-origin defaults: only the headers given. */
function post(path: string, headers: Record<string, string>, body: unknown) {
  return fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const crossSite = { error: { code: 'cross_site', message: apiErrors.crossSite } };

describe('cross-site protection', () => {
  it('refuses a registration the browser marks Sec-Fetch-Site: cross-site, and stores nothing', async () => {
    const before = await countRegistrations(server);
    const response = await post(
      api.registrations,
      { 'sec-fetch-site': 'cross-site' },
      validRegistration(),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(crossSite);
    expect(await countRegistrations(server)).toBe(before);
  });

  it('refuses same-site (a sibling subdomain) too', async () => {
    const response = await post(
      api.registrations,
      { 'sec-fetch-site': 'same-site' },
      validRegistration(),
    );
    expect(response.status).toBe(403);
  });

  it('accepts Sec-Fetch-Site: same-origin and none', async () => {
    for (const site of ['same-origin', 'none']) {
      const response = await post(
        api.registrations,
        { 'sec-fetch-site': site },
        validRegistration(),
      );
      expect(response.status).toBe(201);
    }
  });

  it('trusts Sec-Fetch-Site over Origin when the browser sends both', async () => {
    const response = await post(
      api.registrations,
      { 'sec-fetch-site': 'cross-site', origin: server.config.publicUrl },
      validRegistration(),
    );
    expect(response.status).toBe(403);
  });

  it('without Sec-Fetch-Site, refuses a foreign Origin and stores nothing', async () => {
    const before = await countRegistrations(server);
    for (const origin of ['https://evil.example', 'null', `${server.url}.evil.example`]) {
      const response = await post(api.registrations, { origin }, validRegistration());
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(crossSite);
    }
    expect(await countRegistrations(server)).toBe(before);
  });

  it("accepts the site's own Origin (PUBLIC_URL or the address it was reached on)", async () => {
    const own = await post(
      api.registrations,
      { origin: server.config.publicUrl },
      validRegistration(),
    );
    expect(own.status).toBe(201);
    const proxied = await startTestServer({ PUBLIC_URL: 'https://inscricoes.exemplo.com' });
    try {
      const viaPublic = await fetch(proxied.url + api.registrations, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://inscricoes.exemplo.com' },
        body: JSON.stringify(validRegistration()),
      });
      expect(viaPublic.status).toBe(201);
      const viaAddress = await fetch(proxied.url + api.registrations, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: proxied.url },
        body: JSON.stringify(validRegistration()),
      });
      expect(viaAddress.status).toBe(201);
    } finally {
      await proxied.close();
    }
  });

  it('lets a request with neither header through (curl, a server)', async () => {
    const response = await post(api.registrations, {}, validRegistration());
    expect(response.status).toBe(201);
  });

  it('refuses a cross-site login, logout, confirm and delete, with a valid session cookie', async () => {
    const { cookie, email } = await startSession(server.app.db.kysely);
    const password = 'refused before it is ever checked';
    const created = await (
      await server.request(api.registrations, { method: 'POST', json: validRegistration() })
    ).json();
    const headers = { 'sec-fetch-site': 'cross-site', cookie };
    const attempts = [
      server.request(api.adminLogin, { method: 'POST', json: { email, password }, headers }),
      server.request(api.adminLogout, { method: 'POST', headers }),
      server.request(withId(api.adminConfirm, created.id), { method: 'POST', headers }),
      server.request(withId(api.adminRegistration, created.id), { method: 'DELETE', headers }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(403);

    // Nothing changed: still logged in, the registration still there and still pending.
    const list = await server.request(api.adminRegistrations, { headers: { cookie } });
    expect(list.status).toBe(200);
    const stored = (await list.json()).find((r: { id: string }) => r.id === created.id);
    expect(stored.status).toBe('pending');
  });
});

describe('JSON bodies only', () => {
  for (const [name, contentType, body] of [
    ['a form', 'application/x-www-form-urlencoded', 'email=a%40b.c&password=123456789012'],
    [
      'multipart',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c\r\n--x--\r\n',
    ],
    ['plain text', 'text/plain', '{"email":"a@b.c","password":"123456789012"}'],
  ] as const) {
    it(`answers 415 to ${name} on the login and on registrations`, async () => {
      for (const path of [api.adminLogin, api.registrations]) {
        const response = await server.request(path, {
          method: 'POST',
          headers: { 'content-type': contentType },
          body,
        });
        expect({ path, status: response.status }).toEqual({ path, status: 415 });
        expect((await response.json()).error.code).toBe('unsupported_media_type');
      }
    });
  }
});
