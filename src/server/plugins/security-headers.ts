// Security headers on every response (helmet), and Cache-Control: no-store on every API
// response, since API answers may carry personal data. Why styles may be inline and scripts
// never: docs/decisions/0006-csp-inline-styles-never-scripts.md.
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const self = "'self'";
const none = "'none'";
const referrerPolicy = 'strict-origin-when-cross-origin';
const hstsMaxAgeSeconds = 365 * 24 * 60 * 60;
const hsts = `max-age=${hstsMaxAgeSeconds}; includeSubDomains`;

function isApi(request: FastifyRequest): boolean {
  return (
    request.url.startsWith('/api/') || (request.routeOptions.url?.startsWith('/api/') ?? false)
  );
}

/**
 * The page policy. `compilesWasm`: the check-in screen compiles the self-hosted QR decoder
 * (WebAssembly), which needs 'wasm-unsafe-eval' and nothing else; no other page gets it
 * (docs/decisions/0051-qr-scanning-native-or-self-hosted-wasm.md).
 */
function contentSecurityPolicy(secure: boolean, { compilesWasm = false } = {}) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: [self],
      scriptSrc: compilesWasm ? [self, "'wasm-unsafe-eval'"] : [self],
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
  };
}

/** The `helmet` route option (@fastify/helmet) of a page that runs the QR decoder. */
export function wasmPageHelmet(secure: boolean) {
  return { contentSecurityPolicy: contentSecurityPolicy(secure, { compilesWasm: true }) };
}

async function securityHeaders(app: FastifyInstance) {
  const { secure } = app.config;
  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(secure),
    strictTransportSecurity: secure
      ? { maxAge: hstsMaxAgeSeconds, includeSubDomains: true }
      : false,
    referrerPolicy: { policy: referrerPolicy },
    xFrameOptions: { action: 'deny' },
  });

  app.addHook('onRequest', async (request, reply) => {
    if (isApi(request)) reply.header('cache-control', 'no-store');
  });
}

export default fp(securityHeaders, { name: 'security-headers' });

/**
 * The same headers, set by hand, for the answers Fastify gives before any hook runs (a URL it
 * cannot route): their body is JSON, so the policy allows nothing at all.
 */
export function routingErrorHeaders(secure: boolean): Record<string, string> {
  return {
    'content-security-policy': `default-src ${none}; frame-ancestors ${none}; base-uri ${none}`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
    'referrer-policy': referrerPolicy,
    ...(secure ? { 'strict-transport-security': hsts } : {}),
  };
}

/**
 * The headers a built file (script, style sheet, icon) carries instead of helmet's: the
 * document policies (CSP, frame options, referrer…) do nothing on them and would weigh more
 * than a small chunk; what applies to any response stays.
 */
export function assetHeaders(secure: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    ...(secure ? { 'strict-transport-security': hsts } : {}),
  };
}
