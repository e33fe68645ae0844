// Serves the built browser app: static assets in the encoding the browser takes (compressed at
// build time), the pages of the route table with a 200, and the not-found page with a 404. The
// pages are rendered and compressed at start and again after each change to the current edition
// (web/rendered-pages.ts, decision 0111): requests are served the last pages made, never wait.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorTable } from '../../shared/api-error.ts';
import { eventDates } from '../../shared/event.ts';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import {
  api,
  attendeePage,
  pagePaths,
  paths,
  scriptlessPages,
  setupPage,
  ticketPage,
} from '../../shared/paths.ts';
import { audiences } from '../audience.ts';
import { sendError } from '../http-errors.ts';
import {
  anonymousPageHeaders,
  assetHeaders,
  pageHeaders,
  setSecurityHeaders,
  setupPageHeaders,
  wasmPageHeaders,
} from './security-headers.ts';
import type { Precompressed } from '../web/precompressed.ts';
import { sendPrecompressed } from '../web/precompressed.ts';
import { pagesRenderer, type RenderedPages } from '../web/rendered-pages.ts';
import { windowTimer } from '../web/window-timer.ts';
import type { SiteData } from '../web/page-template.ts';
import { ticketPageRoutes } from '../tickets/ticket-page.routes.ts';
import { attendeePageRoutes } from '../attendees/attendee-page.routes.ts';
import { certificateFileRoutes } from '../certificates/certificate-file.routes.ts';
import { certificatePageRoutes } from '../certificates/certificate-page.routes.ts';
import { eventPreviewRoutes } from '../web/event-preview.routes.ts';
import { registrationFormRoutes } from '../registrations/registration-form.routes.ts';
import { pageSchema, setupPageSchema, trailingSlashSchema } from '../web/page-schemas.ts';

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
    // Files, not the API: left out of its document.
    route.schema = { ...route.schema, hide: true };
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
  const { webRoot } = app.config;
  const built = existsSync(join(webRoot, 'index.html'));
  if (!built)
    app.log.warn(`${webRoot}/index.html not found: run "npm run build" to serve the site`);
  if (app.editions.current().settings.contactEmail.endsWith('.example')) {
    app.log.warn(
      'O e-mail de contato da página de privacidade é o exemplo: defina-o no painel (Evento). ' +
        '/ The privacy page shows the example contact e-mail: set it in the panel (Evento).',
    );
  }
  const ssrEntry = join(webRoot, '../ssr/entry-server.js');
  if (built && !existsSync(ssrEntry)) {
    throw new Error(`${ssrEntry} not found: run "npm run build" to build the pages' render`);
  }
  const siteData = (event: EventSettings): SiteData => ({
    event,
    dates: eventDates(event),
    publicUrl: app.config.publicUrl,
    providers: {
      email: Boolean(app.config.mail),
      whatsapp: Boolean(app.config.whatsapp),
      whatsappPersonalLink: app.config.whatsapp?.cancelButton === true,
    },
  });
  const render = built ? await pagesRenderer(webRoot, ssrEntry, pagePaths) : undefined;
  let pages: RenderedPages | undefined = await render?.(siteData(app.editions.current().settings));
  if (render) {
    // One render at a time, each of the settings current when it starts: a render begun before
    // an instant never lands after the one begun at it.
    let rendering = Promise.resolve();
    const renderAgain = () => {
      const done = rendering.then(async () => {
        pages = await render(siteData(app.editions.current().settings));
      });
      // A render that failed is said by its caller and holds up none after it.
      rendering = done.catch(() => {});
      return done;
    };
    // Once per change, on every instance: the next request gets the new pages (and ETags).
    const stop = app.editions.onChange(async (edition) => {
      await renderAgain();
      app.log.info({ edition: edition.id, revision: edition.revision }, 'pages rendered again');
      atWindowChange.schedule();
    });
    // And at the instant registrations open or close, by each instance's own clock: no save, no
    // restart, no message between instances (decision 0233).
    const atWindowChange = windowTimer({
      settings: () => app.editions.current().settings,
      rerender: async () => {
        await renderAgain();
        app.log.info('pages rendered again: registrations opened or closed');
      },
      onError: (error) =>
        app.log.error({ err: error }, 'pages not rendered again at registrations change'),
    });
    atWindowChange.schedule();
    app.addHook('onClose', async () => {
      stop();
      atWindowChange.cancel();
    });
  }

  const ownPageHeaders = pageHeaders(app.config.secure);
  function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    page: Precompressed,
    status: number,
  ) {
    // A built file's route carries no page headers (/index.html, refused, gets the not-found
    // page): a page always goes out with a page's.
    if (!reply.hasHeader('content-security-policy')) setSecurityHeaders(reply, ownPageHeaders);
    reply.type('text/html; charset=utf-8');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
    return sendPrecompressed(request, reply, page, status);
  }

  if (pages) {
    await app.register(staticAssets);
    // The check-in screen decodes QR codes with WebAssembly where the phone has no native
    // decoder: its page alone may compile it.
    const doorPage = { config: { securityHeaders: wasmPageHeaders(app.config.secure) } };
    // The same for every visitor, no session, no one's data: no opener policy (decision 0155).
    const anonymousPages = new Set([...scriptlessPages, paths.register]);
    const anonymousPage = { config: { securityHeaders: anonymousPageHeaders(app.config.secure) } };
    for (const path of pages.byPath.keys()) {
      const options =
        path === paths.door ? doorPage : anonymousPages.has(path) ? anonymousPage : {};
      app.get(path, { ...options, schema: pageSchema(path) }, (request, reply) =>
        sendPage(request, reply, pages!.byPath.get(path)!, 200),
      );
      // A link shared with a slash at its end (`/convite/`, as site builders and link tools
      // write them) leads to the page, with its query string, not to the not-found page.
      if (path !== paths.home) {
        app.get(`${path}/`, { ...options, schema: trailingSlashSchema(path) }, (request, reply) => {
          const query = request.url.indexOf('?');
          return reply.redirect(query === -1 ? path : path + request.url.slice(query), 301);
        });
      }
    }
    // The form posted by the browser itself: the form page's script never ran (JavaScript off,
    // its request lost on a flaky connection, a browser too old for modules). Its urlencoded
    // fields are taken in as the API takes its JSON (decision 0209); any other body gets a page
    // that says nothing was sent and how to send it (decision 0177), answered as the request
    // arrives, the body never parsed, kept or logged. A cross-site post is refused first
    // (same-origin.ts). Pages answering a post are nobody's to keep: no-store, noindex.
    const answerToPost = (reply: FastifyReply) =>
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    await app.register(registrationFormRoutes, {
      pageConfig: anonymousPage.config,
      sendNotSent: (request, reply) =>
        sendPage(request, answerToPost(reply), pages!.formNotSent, 400),
      sendFormPage: (request, reply, status) =>
        sendPage(request, answerToPost(reply), pages!.byPath.get(paths.register)!, status),
      async sendRefusedForm(request, reply, start, status) {
        const html = await pages!.refusedForm(start);
        if (!reply.hasHeader('content-security-policy')) setSecurityHeaders(reply, ownPageHeaders);
        return answerToPost(reply).code(status).type('text/html; charset=utf-8').send(html);
      },
    });
    // The first admin's page opens only with a live setup token (admin/first-admin-setup.ts).
    // The token is in the URL: the request is not logged (info), the page's own requests name only
    // the origin as their Referer (a proxy logs those; `no-referrer` would make the form's POST
    // say `Origin: null`), and no cache keeps it. With a trailing slash too: the browser app's
    // router takes that path for the page's.
    const setupOptions = {
      logLevel: 'warn',
      config: { securityHeaders: setupPageHeaders(app.config.secure) },
      // Any token, of any shape, is judged by the page itself: the not-found page if not live.
      attachValidation: true,
      schema: setupPageSchema,
    } as const;
    for (const path of [setupPage, `${setupPage}/`]) {
      app.get<{ Querystring: { token?: unknown } }>(path, setupOptions, async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return (await app.firstAdminSetup.accepts(request.query.token))
          ? sendPage(request, reply, pages!.setup, 200)
          : sendPage(request, reply, pages!.notFound, 404);
      });
    }
    await app.register(ticketPageRoutes, {
      render: (data) => pages!.ticketPage(data),
      sendNotFound: (request, reply) => sendPage(request, reply, pages!.notFound, 404),
    });
    await app.register(attendeePageRoutes, {
      render: (data) => pages!.attendeePage(data),
      sendNotFound: (request, reply) => sendPage(request, reply, pages!.notFound, 404),
    });
    await app.register(certificateFileRoutes, {
      sendNotFound: (request, reply, status) => sendPage(request, reply, pages!.notFound, status),
    });
    await app.register(certificatePageRoutes, {
      render: (data) => pages!.certificatePage(data),
      renderLookup: (data) => pages!.certificateLookup(data),
      sendNotFound: (request, reply) => sendPage(request, reply, pages!.notFound, 404),
    });
    await app.register(eventPreviewRoutes, {
      render: (draft, path) => pages!.preview(siteData(draft), path),
    });
  }

  function notFound(request: FastifyRequest, reply: FastifyReply) {
    const wantsPage =
      pages &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/');
    if (wantsPage) return sendPage(request, reply, pages!.notFound, 404);
    return sendError(reply, errorTable.notFound);
  }
  app.setNotFoundHandler(notFound);
  // An address that carries a personal key (a person's page, a ticket's code) but matches none of
  // the routes that take one (a trailing slash a chat app added, a path under it) is not found
  // either, and logged, as those routes are, at `warn` only: the not-found handler logs every
  // address at `info`, key and all.
  const keyed = {
    logLevel: 'warn',
    config: { audience: audiences.public },
    // Nothing but the not-found page: left out of the API's document.
    schema: { hide: true },
  } as const;
  const under = (path: string) => path.replace(/:code$/, '*');
  for (const path of [under(attendeePage), under(ticketPage)]) app.all(path, keyed, notFound);
  app.route({ method: ['GET', 'HEAD'], url: under(api.ticket), ...keyed, handler: notFound });
}

export default fp(webApp, { name: 'web-app' });
