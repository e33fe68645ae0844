// Every route declares its audience, and the one gate enforces it: walked from Fastify's own
// route table, so a route added anywhere is checked.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRoles } from '../../shared/account.ts';
import { apiErrors } from '../../shared/api-error.ts';
import { api, paths } from '../../shared/paths.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { audiences } from '../audience.ts';
import type { RouteEntry } from './authorization.ts';
import { openLiveStream } from '#test/api/live-stream.ts';
import { startSession } from '#test/api/sessions.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

const builtSite = join(process.cwd(), 'dist/web');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

function fill(url: string): string {
  return url.replace(/:[^/]+/g, () => randomUUID()).replace(/\*/g, 'anything');
}

function call({ method, url }: RouteEntry, cookie?: string) {
  return server.request(fill(url), {
    method,
    headers: cookie ? { cookie } : {},
    ...(method === 'GET' || method === 'HEAD' ? {} : { json: {} }),
  });
}

const forAccounts = () => server.app.routeTable.filter((route) => route.audience !== 'public');

describe('the route table', () => {
  it('gives every route an audience, and the API table the one it documents', () => {
    const byRoute = new Map(
      server.app.routeTable.map((route) => [`${route.method} ${route.url}`, route.audience]),
    );
    expect([...byRoute.values()].filter((audience) => audience === undefined)).toEqual([]);
    expect(Object.fromEntries([...byRoute].filter(([route]) => route.includes('/api/')))).toEqual({
      [`POST ${api.registrations}`]: 'public',
      [`GET ${api.health}`]: 'public',
      [`HEAD ${api.health}`]: 'public',
      [`GET ${api.openapi}`]: 'public',
      [`HEAD ${api.openapi}`]: 'public',
      [`POST ${api.adminLogin}`]: 'public',
      // The setup link's token is the credential (404 without a live one).
      [`POST ${api.adminSetup}`]: 'public',
      [`GET ${api.adminFirstStart}`]: ['admin'],
      [`HEAD ${api.adminFirstStart}`]: ['admin'],
      [`POST ${api.adminFirstStartSkip}`]: ['admin'],
      [`POST ${api.adminLogout}`]: accountRoles,
      [`GET ${api.adminMe}`]: accountRoles,
      [`HEAD ${api.adminMe}`]: accountRoles,
      [`GET ${api.adminRegistrations}`]: ['admin'],
      [`HEAD ${api.adminRegistrations}`]: ['admin'],
      [`POST ${api.adminConfirm}`]: ['admin'],
      [`POST ${api.adminTicket}`]: ['admin'],
      // Certificates are documents for the organizer: door accounts see names, not these.
      [`GET ${api.adminRegistrationCertificate}`]: ['admin'],
      [`HEAD ${api.adminRegistrationCertificate}`]: ['admin'],
      [`GET ${api.adminCertificatesZip}`]: ['admin'],
      [`HEAD ${api.adminCertificatesZip}`]: ['admin'],
      [`POST ${api.adminCertificates}`]: ['admin'],
      [`POST ${api.adminRegistrationCertificate}`]: ['admin'],
      [`DELETE ${api.adminRegistrationCertificate}`]: ['admin'],
      [`POST ${api.adminCancel}`]: ['admin'],
      [`POST ${api.adminRestore}`]: ['admin'],
      [`DELETE ${api.adminRegistration}`]: ['admin'],
      [`GET ${api.adminLiveStream}`]: ['admin'],
      [`GET ${api.adminAudit}`]: ['admin'],
      [`HEAD ${api.adminAudit}`]: ['admin'],
      [`GET ${api.adminAccounts}`]: ['admin'],
      [`HEAD ${api.adminAccounts}`]: ['admin'],
      [`POST ${api.adminAccounts}`]: ['admin'],
      [`DELETE ${api.adminAccount}`]: ['admin'],
      [`POST ${api.adminBulkConfirm}`]: ['admin'],
      [`POST ${api.adminBulkResend}`]: ['admin'],
      [`GET ${api.adminMessages}`]: ['admin'],
      [`HEAD ${api.adminMessages}`]: ['admin'],
      [`POST ${api.adminMessages}`]: ['admin'],
      [`GET ${api.adminMessaging}`]: ['admin'],
      [`HEAD ${api.adminMessaging}`]: ['admin'],
      [`GET ${api.adminAnnouncements}`]: ['admin'],
      [`HEAD ${api.adminAnnouncements}`]: ['admin'],
      [`POST ${api.adminAnnouncements}`]: ['admin'],
      [`GET ${api.adminAnnouncementAudience}`]: ['admin'],
      [`HEAD ${api.adminAnnouncementAudience}`]: ['admin'],
      [`POST ${api.adminAnnouncementTest}`]: ['admin'],
      [`GET ${api.adminReminderAnswers}`]: ['admin'],
      [`HEAD ${api.adminReminderAnswers}`]: ['admin'],
      [`GET ${api.adminEvent}`]: ['admin'],
      [`HEAD ${api.adminEvent}`]: ['admin'],
      [`PUT ${api.adminEvent}`]: ['admin'],
      [`GET ${api.adminEventAnswers}`]: ['admin'],
      [`HEAD ${api.adminEventAnswers}`]: ['admin'],
      [`PUT ${api.adminEventLogo}`]: ['admin'],
      [`DELETE ${api.adminEventLogo}`]: ['admin'],
      [`POST ${api.adminCertificateSignature}`]: ['admin'],
      [`POST ${api.adminEventPreview}`]: ['admin'],
      [`GET ${api.adminEditions}`]: ['admin'],
      [`HEAD ${api.adminEditions}`]: ['admin'],
      [`POST ${api.adminEditions}`]: ['admin'],
      [`GET ${api.adminEditionRegistrations}`]: ['admin'],
      [`HEAD ${api.adminEditionRegistrations}`]: ['admin'],
      [`GET ${api.adminEditionChanges}`]: ['admin'],
      [`HEAD ${api.adminEditionChanges}`]: ['admin'],
      // Meta's calls: the webhook checks Meta's signature itself.
      [`GET ${api.whatsappWebhook}`]: 'public',
      [`HEAD ${api.whatsappWebhook}`]: 'public',
      [`POST ${api.whatsappWebhook}`]: 'public',
      [`GET ${api.ticket}`]: 'public',
      [`HEAD ${api.ticket}`]: 'public',
      // Not found, logged at warn: a ticket's code a little off (web-app.ts).
      [`GET ${api.ticket.replace(':code', '*')}`]: 'public',
      [`HEAD ${api.ticket.replace(':code', '*')}`]: 'public',
      [`GET ${api.doorAttendees}`]: ['door', 'admin'],
      [`HEAD ${api.doorAttendees}`]: ['door', 'admin'],
      [`POST ${api.doorCheckIns}`]: ['door', 'admin'],
      [`DELETE ${api.doorCheckIn}`]: ['door', 'admin'],
      [`GET ${api.doorLiveStream}`]: ['door', 'admin'],
    });
    // Every other /api/admin route is for admins only.
    for (const { url, audience } of server.app.routeTable) {
      if (
        url.startsWith('/api/admin/') &&
        ![api.adminLogin, api.adminLogout, api.adminMe, api.adminSetup].includes(url as never)
      ) {
        expect({ url, audience }).toEqual({ url, audience: ['admin'] });
      }
    }
  });

  /** Every route for accounts answers this status and error, with this cookie (or none). */
  async function expectEveryRouteRefuses(
    status: number,
    error: { code: string; message: string },
    cookie?: string,
  ) {
    const routes = forAccounts();
    expect(routes.length).toBeGreaterThanOrEqual(8);
    for (const route of routes) {
      const response = await call(route, cookie);
      expect({ ...route, status: response.status }).toEqual({ ...route, status });
      if (route.method !== 'HEAD') expect(await response.json()).toEqual({ error });
    }
  }

  it('answers 401 on every route for accounts when there is no session', async () => {
    await expectEveryRouteRefuses(401, { code: 'unauthorized', message: apiErrors.unauthorized });
  });

  it('answers 403 on every route for accounts to a session whose role is not in its audience', async () => {
    // A role this version does not know is in no audience: every gate must turn it away.
    const { cookie } = await startSession(server.app.db.kysely, { role: 'visitante-curioso' });
    await expectEveryRouteRefuses(403, { code: 'forbidden', message: apiErrors.wrongRole }, cookie);
  });

  it('answers 403 to a door session on every admin route but login, logout and me', async () => {
    const { cookie } = await startSession(server.app.db.kysely, { role: 'door' });
    const adminOnly = forAccounts().filter((route) => route.audience !== audiences.signedIn);
    const adminRoutes = adminOnly.filter((route) => route.url.startsWith('/api/admin/'));
    expect(adminRoutes.length).toBeGreaterThanOrEqual(10);
    for (const route of adminRoutes) {
      const response = await call(route, cookie);
      expect({ ...route, status: response.status }).toEqual({ ...route, status: 403 });
      if (route.method !== 'HEAD') {
        expect(await response.json()).toEqual({
          error: { code: 'forbidden', message: apiErrors.wrongRole },
        });
      }
    }
  });

  it.each(accountRoles)(
    'lets a %s session through exactly where its role is in the audience',
    async (role) => {
      const { cookie } = await startSession(server.app.db.kysely, { role });
      for (const route of forAccounts()) {
        // Logout would end the session the walk goes on with; a stream never ends by itself.
        if (route.url === api.adminLogout || route.url.endsWith('/events')) continue;
        const response = await call(route, cookie);
        const allowed = (route.audience as readonly string[]).includes(role);
        // Through the gate: the route's own answer (a made-up id is not found, an empty body is
        // refused); turned away: 403.
        expect({ ...route, status: response.status === 403 ? 403 : 'through' }).toEqual({
          ...route,
          status: allowed ? 'through' : 403,
        });
        expect(response.status).not.toBe(401);
      }
    },
  );

  it('opens each live stream to the roles of its audience only', async () => {
    for (const role of accountRoles) {
      const { cookie } = await startSession(server.app.db.kysely, { role });
      for (const path of [api.adminLiveStream, api.doorLiveStream]) {
        const stream = await openLiveStream(server.url, cookie, { path });
        const route = server.app.routeTable.find((r) => r.url === path)!;
        const allowed = (route.audience as readonly string[]).includes(role);
        expect({ role, path, status: stream.response.status }).toEqual({
          role,
          path,
          status: allowed ? 200 : 403,
        });
        await stream.close();
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

  it('cannot be dodged by percent-encoding the path', async () => {
    for (const path of ['/api/%61dmin/registrations', '/api/admin/%72egistrations']) {
      // The router decodes these into /api/admin/registrations; the gate judges the route.
      const response = await server.request(path);
      expect(response.status).toBe(401);
    }
  });
});

describe.skipIf(!existsSync(join(builtSite, 'index.html')))('the built site', () => {
  it('is public: its pages and the static files routes get that audience, and answer', async () => {
    const asset = `/assets/${readdirSync(join(builtSite, 'assets')).find((f) => f.endsWith('.js'))}`;
    const routes = server.app.routeTable.filter((route) => !route.url.startsWith('/api/'));
    expect(routes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([`GET ${paths.register}`, `GET ${asset}`]),
    );
    for (const route of routes) expect(route.audience).toBe('public');
    expect((await server.request(paths.register)).status).toBe(200);
    expect((await server.request(asset)).status).toBe(200);
    expect((await server.request('/nada-aqui')).status).toBe(404);
  });
});

describe('a route that declares no audience', () => {
  it('stops the server at start-up, naming the route', async () => {
    const app = await buildApp({
      config: loadConfig({ DATABASE_URL: `file:${server.dir}/undeclared.db`, LOG_LEVEL: 'silent' }),
      logger: false,
    });
    try {
      app.get('/api/forgotten', async () => ({ secret: true }));
      await expect(app.ready()).rejects.toThrow(/GET \/api\/forgotten/);
    } finally {
      await app.close().catch(() => {});
    }
  });
});
