// Serves the built browser app: static assets in the encoding the browser takes (compressed at
// build time), the pages of the route table with a 200, and the not-found page with a 404. The
// pages are rendered and compressed once, at start (web/rendered-pages.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorTable } from '../../shared/api-error.ts';
import { eventDates } from '../../shared/event.ts';
import { pagePaths, paths } from '../../shared/paths.ts';
import { sendError } from '../http-errors.ts';
import { assetHeaders, wasmPageHeaders } from './security-headers.ts';
import type { Precompressed } from '../web/precompressed.ts';
import { sendPrecompressed } from '../web/precompressed.ts';
import { renderPages, type RenderedPages } from '../web/rendered-pages.ts';
import { ticketPageRoutes } from '../tickets/ticket-page.routes.ts';

const oneYearSeconds = 365 * 24 * 60 * 60;

/**
 * The built files. Each text file has its .br and .gz twins from the build (vite.config.ts).
 * They carry only the headers that apply to a script or a style sheet: the document policies
 * (CSP, frame options, referrer…) would add most of a small chunk's bytes for nothing.
 */
async function staticAssets(app: FastifyInstance) {
  const { webRoot, secure } = app.config;
  const headers = assetHeaders(secure);
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, securityHeaders: false };
  });
  await app.register(fastifyStatic, {
    root: webRoot,
    index: false,
    wildcard: false,
    serve: true,
    preCompressed: true,
    // Pages are only ever sent rendered, with the event, never as the bare template.
    allowedPath: (pathName) => !pathName.startsWith('/index.html'),
    setHeaders(reply, path) {
      reply.headers(headers);
      // Hashed file names under /assets never change: cache them for a year.
      if (path.includes('/assets/')) {
        reply.header('cache-control', `public, max-age=${oneYearSeconds}, immutable`);
      }
    },
  });
}

async function webApp(app: FastifyInstance) {
  const { webRoot, event } = app.config;
  const built = existsSync(join(webRoot, 'index.html'));
  if (!built)
    app.log.warn(`${webRoot}/index.html not found: run "npm run build" to serve the site`);
  if (event.contactEmail.endsWith('.example')) {
    app.log.warn(
      'O e-mail de contato da página de privacidade é o exemplo: defina contactEmail e organizer ' +
        'em EVENT_CONFIG. / The privacy page shows the example contact e-mail: set contactEmail ' +
        'and organizer in EVENT_CONFIG.',
    );
  }
  const ssrEntry = join(webRoot, '../ssr/entry-server.js');
  if (built && !existsSync(ssrEntry)) {
    throw new Error(`${ssrEntry} not found: run "npm run build" to build the pages' render`);
  }
  const pages: RenderedPages | undefined = built
    ? await renderPages(
        webRoot,
        ssrEntry,
        {
          event,
          dates: eventDates(event),
          publicUrl: app.config.publicUrl,
          providers: { email: Boolean(app.config.mail), whatsapp: Boolean(app.config.whatsapp) },
        },
        pagePaths,
      )
    : undefined;

  function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    page: Precompressed,
    status: number,
  ) {
    reply.type('text/html; charset=utf-8');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
    return sendPrecompressed(request, reply, page, status);
  }

  if (pages) {
    await app.register(staticAssets);
    // The check-in screen decodes QR codes with WebAssembly where the phone has no native
    // decoder: its page alone may compile it.
    const doorPage = { config: { securityHeaders: wasmPageHeaders(app.config.secure) } };
    for (const [path, page] of pages.byPath) {
      const options = path === paths.door ? doorPage : {};
      app.get(path, options, (request, reply) => sendPage(request, reply, page, 200));
    }
    await app.register(ticketPageRoutes, {
      render: pages.ticketPage,
      sendNotFound: (request, reply) => sendPage(request, reply, pages.notFound, 404),
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      pages &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/');
    if (wantsPage) return sendPage(request, reply, pages.notFound, 404);
    return sendError(reply, errorTable.notFound);
  });
}

export default fp(webApp, { name: 'web-app' });
