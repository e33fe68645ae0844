// Security headers on every response (helmet's), and Cache-Control: no-store on every API
// response, since API answers may carry personal data. Why styles may be inline and scripts
// never: docs/decisions/0006-csp-inline-styles-never-scripts.md. helmet works the headers out
// once per set of options, at start; each request only gets them copied (decision 0106).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** Response headers as [name, value] pairs, set in this order. */
export type SecurityHeaders = ReadonlyArray<readonly [string, string]>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's own security headers instead of the pages' (`false`: none, for files that set
     * their own, web-app.ts).
     */
    securityHeaders?: SecurityHeaders | false;
  }
}

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

/**
 * `isolateFromOpeners`: Cross-Origin-Opener-Policy `same-origin` (helmet's default), which puts
 * the page in a browsing context group of its own; off only for the anonymous public pages
 * (anonymousPageHeaders).
 */
function helmetOptions(
  secure: boolean,
  { compilesWasm = false, referrer = referrerPolicy, isolateFromOpeners = true } = {},
): HelmetOptions {
  return {
    contentSecurityPolicy: contentSecurityPolicy(secure, { compilesWasm }),
    strictTransportSecurity: secure
      ? { maxAge: hstsMaxAgeSeconds, includeSubDomains: true }
      : false,
    referrerPolicy: { policy: referrer as 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    ...(isolateFromOpeners ? {} : { crossOriginOpenerPolicy: false }),
  };
}

/**
 * What helmet's middleware sets with these options, captured once. Building the middleware (and
 * parsing the policy) on every request, as @fastify/helmet does, was a tenth of a registration's
 * time; the headers never change while the server runs.
 */
export function helmetHeaders(options: HelmetOptions): SecurityHeaders {
  const headers: Array<[string, string]> = [];
  const response = {
    setHeader: (name: string, value: string) => headers.push([name.toLowerCase(), value]),
    // helmet removes X-Powered-By, which neither Node nor Fastify ever sets.
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The security headers of the public pages anyone may open, the same for every visitor (the
 * landing, the form, the thank-you and privacy pages): the pages' own, without
 * Cross-Origin-Opener-Policy. Reached from a tab that showed anything else, that policy makes the
 * browser move the page into a new browsing context group, a cost on the visitor's first paint,
 * and these pages hold nothing a window that opened them could take (decision 0155). Pages with a
 * session or a person's data (the panel, the door, the setup link, a ticket, a person's own page)
 * keep it.
 */
export function anonymousPageHeaders(secure: boolean): SecurityHeaders {
  return helmetHeaders(helmetOptions(secure, { isolateFromOpeners: false }));
}

/** The security headers of a page that runs the QR decoder (the route's `securityHeaders`). */
export function wasmPageHeaders(secure: boolean): SecurityHeaders {
  return helmetHeaders(helmetOptions(secure, { compilesWasm: true }));
}

/**
 * The security headers of the setup link's page: its URL holds the token, so its own requests
 * name only the origin as their Referer (`no-referrer` would make the form's POST say
 * `Origin: null`, which the cross-site check refuses).
 */
export function setupPageHeaders(secure: boolean): SecurityHeaders {
  return helmetHeaders(helmetOptions(secure, { referrer: 'strict-origin' }));
}

/** The security headers of every other page (the plugin's default for every route). */
export function pageHeaders(secure: boolean): SecurityHeaders {
  return helmetHeaders(helmetOptions(secure));
}

/**
 * Sets these headers on the raw response, as the plugin does (a page sent from a route that has
 * none of its own, a built file's: web-app.ts).
 */
export function setSecurityHeaders(reply: FastifyReply, headers: SecurityHeaders): void {
  for (const [name, value] of headers) reply.raw.setHeader(name, value);
}

async function securityHeaders(app: FastifyInstance) {
  const defaultHeaders = pageHeaders(app.config.secure);

  app.addHook('onRequest', (request, reply, done) => {
    const own = request.routeOptions.config.securityHeaders;
    // On the raw response, as helmet does: they go out whoever writes the head.
    setSecurityHeaders(reply, own === false ? [] : (own ?? defaultHeaders));
    if (isApi(request)) reply.header('cache-control', 'no-store');
    done();
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
