// Security headers on every response (helmet), and Cache-Control: no-store on every API
// response, since API answers may carry personal data. Why styles may be inline and scripts
// never: docs/decisions/0006-csp-inline-styles-never-scripts.md.
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const self = "'self'";
const none = "'none'";

function isApi(request: FastifyRequest): boolean {
  return (
    request.url.startsWith('/api/') || (request.routeOptions.url?.startsWith('/api/') ?? false)
  );
}

async function securityHeaders(app: FastifyInstance) {
  const { secure } = app.config;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: [self],
        scriptSrc: [self],
        // sonner injects its stylesheet at run time; React sets style attributes.
        styleSrc: [self, "'unsafe-inline'"],
        imgSrc: [self, 'data:'],
        connectSrc: [self],
        objectSrc: [none],
        baseUri: [none],
        frameAncestors: [none],
        formAction: [self],
        // On plain http (local use) upgrading would break every asset.
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: secure
      ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });

  app.addHook('onRequest', async (request, reply) => {
    if (isApi(request)) reply.header('cache-control', 'no-store');
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
