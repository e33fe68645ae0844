import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../shared/api-error.ts';
import { api } from '../../shared/paths.ts';
import { loginAsAdmin } from '../test-support/admin-session.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** Every admin route the app registered, from Fastify's own route table, login excepted. */
function adminRoutes() {
  return server.app.routeTable.filter(
    ({ method, url }) =>
      (url === '/api/admin' || url.startsWith('/api/admin/')) &&
      !(method === 'POST' && url === api.adminLogin),
  );
}

function fill(url: string): string {
  return url.replace(/:[^/]+/g, () => randomUUID()).replace(/\*/g, 'anything');
}

describe('the admin session guard', () => {
  it('sees every admin route of the API table in the route table', () => {
    const seen = new Set(adminRoutes().map(({ method, url }) => `${method} ${url}`));
    for (const route of [
      `GET ${api.adminMe}`,
      `POST ${api.adminLogout}`,
      `GET ${api.adminRegistrations}`,
      `POST ${api.adminConfirm}`,
      `DELETE ${api.adminRegistration}`,
      `GET ${api.adminEvents}`,
    ]) {
      expect(seen).toContain(route);
    }
  });

  it('answers 401 on every /api/admin route but the login when there is no session', async () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(6);
    for (const { method, url } of routes) {
      const response = await server.request(fill(url), {
        method,
        ...(method === 'GET' || method === 'HEAD' ? {} : { json: {} }),
      });
      expect({ method, url, status: response.status }).toEqual({ method, url, status: 401 });
      if (method !== 'HEAD') {
        expect(await response.json()).toEqual({
          error: { code: 'unauthorized', message: apiErrors.unauthorized },
        });
      }
    }
  });

  it('answers 401 to a made-up or malformed session cookie', async () => {
    for (const cookie of [
      `sid=${'A'.repeat(43)}`,
      'sid=',
      'sid=../../etc',
      `sid=${'x'.repeat(5000)}`,
    ]) {
      const response = await server.request(api.adminRegistrations, { headers: { cookie } });
      expect(response.status).toBe(401);
    }
  });

  it('lets a live session through to the admin routes', async () => {
    const { cookie } = await loginAsAdmin(server);
    const list = await server.request(api.adminRegistrations, { headers: { cookie } });
    expect(list.status).toBe(200);
    expect(Array.isArray(await list.json())).toBe(true);
    const confirm = await server.request(fill(api.adminConfirm), {
      method: 'POST',
      headers: { cookie },
    });
    expect(confirm.status).toBe(404);
  });

  it('cannot be dodged by percent-encoding the path', async () => {
    for (const path of ['/api/%61dmin/registrations', '/api/admin/%72egistrations']) {
      // The router decodes these into /api/admin/registrations; the guard judges the route.
      const response = await server.request(path);
      expect(response.status).toBe(401);
    }
  });
});
