// The one gate: every route declares its audience (audience.ts) and this onRequest hook enforces
// it for the whole app: 401 without a live session, 403 when the account's role is not in the
// audience. It judges the route that matched, not the raw URL (percent-encoding cannot disguise
// it). A route that declares no audience stops the server at start-up.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { errorTable } from '../../shared/api-error.ts';
import type { AccountSession } from '../admin/sessions.repository.ts';
import { allows, type Audience } from '../audience.ts';
import { sendError } from '../http-errors.ts';

export interface RouteEntry {
  method: string;
  url: string;
  /** As declared; undefined only before start-up has refused the route. */
  audience: Audience | undefined;
  /** Left out of the API's document (route-schema.ts): a built file, a not-found catch-all. */
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The session behind a route for signed-in accounts; null on public routes. */
    accountSession: AccountSession | null;
  }
  interface FastifyInstance {
    /** Every route as registered, with its audience: the route-table test walks it. */
    routeTable: readonly RouteEntry[];
  }
}

async function authorization(app: FastifyInstance) {
  app.decorateRequest('accountSession', null);

  // Recorded as routes are added, checked once all are in: a plugin's scope may still fill in the
  // audience of routes it did not write itself (app.ts marks the built site's files public).
  const routes: Array<{ method: string; url: string; options: RouteOptions }> = [];
  app.addHook('onRoute', (options) => {
    for (const method of [options.method].flat())
      routes.push({ method, url: options.url, options });
  });
  const table = (): RouteEntry[] =>
    routes.map(({ method, url, options }) => ({
      method,
      url,
      audience: options.config?.audience,
      hidden: (options.schema as { hide?: boolean } | undefined)?.hide === true,
    }));
  app.decorate('routeTable', { getter: table });
  app.addHook('onReady', async () => {
    const undeclared = table().filter((route) => route.audience === undefined);
    if (undeclared.length > 0) {
      const names = undeclared.map(({ method, url }) => `${method} ${url}`).join(', ');
      throw new Error(`routes without a declared audience (config.audience): ${names}`);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const { audience } = request.routeOptions.config;
    // No audience: only the not-found handler, which serves no data.
    if (audience === undefined || audience === 'public') return;
    const session = await app.sessions.find(request);
    if (!session) {
      if (app.sessionCookie.read(request)) app.sessionCookie.clear(reply);
      return sendError(reply, errorTable.unauthorized);
    }
    if (!allows(audience, session.role)) {
      return sendError(reply, errorTable.wrongRole);
    }
    request.accountSession = session;
  });
}

export default fp(authorization, { name: 'authorization', dependencies: ['sessions'] });

/** The session authorization found: every route for signed-in accounts has one. */
export function currentSession(request: FastifyRequest): AccountSession {
  if (!request.accountSession) throw new Error('no session on a route for signed-in accounts');
  return request.accountSession;
}
