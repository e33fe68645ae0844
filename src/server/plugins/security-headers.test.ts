import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../shared/api-error.ts';
import {
  api,
  attendeePage,
  paths,
  scriptlessPages,
  ticketPage,
  withCode,
} from '../../shared/paths.ts';
import { startSession } from '#test/api/sessions.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

let server: TestServer;
let secure: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  secure = await startTestServer({ PUBLIC_URL: 'https://inscricoes.exemplo.com' });
  ({ cookie } = await startSession(server.app.db.kysely));
});
afterAll(async () => {
  await server.close();
  await secure.close();
});

function directives(csp: string | null): Map<string, string> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

function expectSecurityHeaders(response: Response) {
  const csp = directives(response.headers.get('content-security-policy'));
  expect(csp.get('default-src')).toBe("'self'");
  expect(csp.get('script-src')).toBe("'self'");
  expect(csp.get('object-src')).toBe("'none'");
  expect(csp.get('base-uri')).toBe("'none'");
  expect(csp.get('frame-ancestors')).toBe("'none'");
  expect(csp.get('form-action')).toBe("'self'");
  expect(csp.get('connect-src')).toBe("'self'");
  expect(csp.get('img-src')).toBe("'self' data:");
  expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
  // No directive lets inline or eval'd script run.
  for (const [name, value] of csp) {
    if (name.startsWith('script-src') || name === 'default-src') {
      expect(value).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|data:|\*/);
    }
  }
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('x-powered-by')).toBeNull();
}

describe('security headers', () => {
  it('are on the home page, the health check, a 404 and an API error', async () => {
    for (const path of ['/', '/admin', api.health, '/api/nothing-here', '/nada-aqui']) {
      const response = await server.request(path);
      expectSecurityHeaders(response);
    }
    const refused = await server.request(api.adminRegistrations);
    expect(refused.status).toBe(401);
    expectSecurityHeaders(refused);
  });

  it('are on admin responses, including the event stream', async () => {
    const list = await server.request(api.adminRegistrations, { headers: { cookie } });
    expect(list.status).toBe(200);
    expectSecurityHeaders(list);

    const controller = new AbortController();
    const stream = await server.request(api.adminLiveStream, {
      headers: { cookie },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.headers.get('cache-control')).toBe('no-store');
    expectSecurityHeaders(stream);
    controller.abort();
  });

  it('mark every API response no-store, personal data or not', async () => {
    for (const [path, init] of [
      [api.health, {}],
      [api.adminRegistrations, { headers: { cookie } }],
      [api.adminRegistrations, {}],
      [api.adminMe, { headers: { cookie } }],
      ['/api/nothing-here', {}],
      [api.registrations, { method: 'POST', json: {} }],
    ] as const) {
      const response = await server.request(path, init);
      expect({ path, cacheControl: response.headers.get('cache-control') }).toEqual({
        path,
        cacheControl: 'no-store',
      });
    }
  });

  it('send no HSTS on plain http', async () => {
    const response = await server.request(api.health);
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(
      directives(response.headers.get('content-security-policy')).has('upgrade-insecure-requests'),
    ).toBe(false);
  });

  it('send HSTS (a year) when PUBLIC_URL is https', async () => {
    for (const path of ['/', api.health]) {
      const response = await secure.request(path);
      expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=31536000\b/);
      expectSecurityHeaders(response);
    }
  });
});

describe('a URL Fastify cannot route (answered before any hook runs)', () => {
  function expectBareHeaders(response: Response) {
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  }

  it('answers a percent-encoding that does not decode with 400 in our shape and headers', async () => {
    for (const path of ['/api/%E0%A4%A', '/convite%ZZ', '/%', '/api/admin/registrations/%ZZ']) {
      const response = await server.request(path);
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
      expect(await response.json()).toEqual({
        error: { code: 'bad_request', message: 'Pedido inválido.' },
      });
      expectBareHeaders(response);
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
    expect(apiErrors.badRequest).toBe('Pedido inválido.');
  });

  it('answers an id longer than Fastify allows with the 404 of any id that is not a UUID', async () => {
    const response = await server.request(`/api/admin/registrations/${'x'.repeat(1_500)}`, {
      method: 'DELETE',
      headers: { cookie },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: apiErrors.notFound },
    });
    expectBareHeaders(response);
  });

  it('adds HSTS when PUBLIC_URL is https', async () => {
    const response = await secure.request('/convite%ZZ');
    expect(response.status).toBe(400);
    expectBareHeaders(response);
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=31536000\b/);
  });
});

const builtIndex = join(process.cwd(), 'dist/web/index.html');

describe.skipIf(!existsSync(builtIndex))('a request for a file that cannot be met', () => {
  const asset = () => `/assets/${readdirSync(join(process.cwd(), 'dist/web/assets'))[0]}`;

  it('gets its 4xx with the generic pt-BR message, not the bad-JSON one', async () => {
    for (const [headers, status] of [
      [{ range: 'bytes=99999999-' }, 416],
      [{ 'if-match': '"not-this-file"' }, 412],
    ] as const) {
      const response = await server.request(asset(), { headers });
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({
        error: { code: 'bad_request', message: apiErrors.badRequest },
      });
      // A JSON body: the policy allows nothing at all.
      expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    }
  });
});

describe.skipIf(!existsSync(builtIndex))(
  'the not-found page where a built file has a route',
  () => {
    // /index.html is one of @fastify/static's routes (they carry no page headers of their own), and
    // it is refused: the not-found page it gets is a page like any other.
    it("carries the pages' security headers", async () => {
      for (const method of ['GET', 'HEAD']) {
        const response = await server.request('/index.html', { method });
        expect({ method, status: response.status }).toEqual({ method, status: 404 });
        expect(response.headers.get('content-type')).toMatch(/^text\/html/);
        expectSecurityHeaders(response);
      }
    });
  },
);

describe.skipIf(!existsSync(builtIndex))('the opener policy', () => {
  it('is off the anonymous public pages alone, their other headers kept (decision 0155)', async () => {
    for (const path of [...scriptlessPages, paths.register]) {
      const response = await server.request(path);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      expect({ path, coop: response.headers.get('cross-origin-opener-policy') }).toEqual({
        path,
        coop: null,
      });
      expectSecurityHeaders(response);
    }
    for (const path of [
      paths.admin,
      paths.door,
      withCode(ticketPage, 'A'.repeat(22)),
      withCode(attendeePage, 'A'.repeat(30)),
      '/nada-aqui',
    ]) {
      const response = await server.request(path);
      expect({ path, coop: response.headers.get('cross-origin-opener-policy') }).toEqual({
        path,
        coop: 'same-origin',
      });
    }
  });
});

describe.skipIf(!existsSync(builtIndex))('the built page', () => {
  it('holds no script that the policy would block: only files, and JSON data', async () => {
    // The form page: the landing page carries no script at all since decision 0101.
    const html = await (await server.request(paths.register)).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', body = ''] of scripts) {
      const isFile = /\bsrc="\/[^"]+"/.test(attributes) && body.trim() === '';
      const isData = /\btype="application\/json"/.test(attributes);
      expect({ attributes, ok: isFile || isData }).toEqual({ attributes, ok: true });
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
  });
});
