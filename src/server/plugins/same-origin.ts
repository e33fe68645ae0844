// Refuses state-changing requests that another site makes the browser send (CSRF), for every
// route: the browser's Sec-Fetch-Site when it sends one, else its Origin. A request with
// neither (curl, a server) carries no one's cookies by accident and goes through.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorTable } from '../../shared/api-error.ts';
import { sendError } from '../http-errors.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
/** `none`: the user typed the address or used a bookmark; nothing cross-site about it. */
const allowedFetchSites = new Set(['same-origin', 'none']);

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

async function sameOrigin(app: FastifyInstance) {
  function isOwnOrigin(request: FastifyRequest, origin: string): boolean {
    // Read per request: PUBLIC_URL may be settled only once the port is known.
    if (origin === new URL(app.config.publicUrl).origin) return true;
    // The address this request came in on (behind a proxy, as the proxy reports it).
    return origin === `${request.protocol}://${request.host}`;
  }

  app.addHook('onRequest', async (request, reply) => {
    if (safeMethods.has(request.method)) return;
    const fetchSite = headerValue(request, 'sec-fetch-site');
    const origin = headerValue(request, 'origin');
    const refused =
      fetchSite !== undefined
        ? !allowedFetchSites.has(fetchSite.toLowerCase())
        : origin !== undefined && !isOwnOrigin(request, origin);
    if (refused) return sendError(reply, errorTable.crossSite);
  });
}

export default fp(sameOrigin, { name: 'same-origin' });
