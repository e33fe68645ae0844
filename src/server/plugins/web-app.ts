// Serves the built browser app: static assets, the pages of the route table with a 200, and
// the not-found page with a 404. The event configuration rides inside index.html as JSON.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { apiErrors } from '../../shared/api-error.ts';
import type { EventConfig } from '../../shared/event.ts';
import { pagePaths, paths } from '../../shared/paths.ts';
import { sendError } from '../http-errors.ts';

export const eventConfigPlaceholder = '<!--event-config-->';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Sets the content of the `<meta ATTRIBUTE content="...">` tag to `value` (already escaped). */
function setMeta(html: string, attribute: string, value: string): string {
  const tag = new RegExp(`(<meta\\s+${attribute}\\s+content=")[^"]*"`);
  // A function, not a string: a `$` in the operator's text is not a replacement pattern.
  return html.replace(tag, (_match, start: string) => `${start}${value}"`);
}

/** The page with the event's JSON, and the title and link preview (WhatsApp) naming the event. */
function withEvent(html: string, event: EventConfig, eventJson: string): string {
  const title = escapeHtml(`Inscrição · ${event.name}`);
  const description = escapeHtml(event.tagline);
  let page = html
    .replace(eventConfigPlaceholder, () => eventJson)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`);
  page = setMeta(page, 'property="og:title"', title);
  page = setMeta(page, 'property="og:description"', description);
  return setMeta(page, 'name="description"', description);
}

// The pages that are lazy chunks in the browser app (src/web/app/pages.ts), by source module.
const lazyPages: Record<string, string> = {
  [paths.register]: 'src/web/features/registration/registration-page.tsx',
  [paths.privacy]: 'src/web/features/privacy/privacy-page.tsx',
  [paths.admin]: 'src/web/features/admin/admin-page.tsx',
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** `<link>`s that fetch a lazy page's chunks with the page, not after the app starts. */
function preloadLinks(manifest: Record<string, ManifestChunk>, module: string): string {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || key === 'index.html' || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(visit);
  };
  visit(module);
  return [
    ...[...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
}

function readManifest(webRoot: string): Record<string, ManifestChunk> {
  try {
    return JSON.parse(readFileSync(join(webRoot, '.vite/manifest.json'), 'utf8'));
  } catch {
    return {};
  }
}

async function webApp(app: FastifyInstance) {
  const indexFile = join(app.config.webRoot, 'index.html');
  const built = existsSync(indexFile);
  if (!built) app.log.warn(`${indexFile} not found: run "npm run build" to serve the site`);
  if (app.config.event.contactEmail.endsWith('.example')) {
    app.log.warn(
      'O e-mail de contato da página de privacidade é o exemplo: defina contactEmail e organizer ' +
        'em EVENT_CONFIG. / The privacy page shows the example contact e-mail: set contactEmail ' +
        'and organizer in EVENT_CONFIG.',
    );
  }

  // JSON inside <script type="application/json"> is data, not script: CSP allows it.
  const eventJson = JSON.stringify(app.config.event).replaceAll('<', '\\u003c');
  const indexHtml = built
    ? withEvent(readFileSync(indexFile, 'utf8'), app.config.event, eventJson)
    : '';

  const manifest = built ? readManifest(app.config.webRoot) : {};
  const pageHtml = new Map(
    Object.entries(lazyPages).map(([path, module]) => [
      path,
      indexHtml.replace('</head>', () => `${preloadLinks(manifest, module)}</head>`),
    ]),
  );

  function sendPage(reply: FastifyReply, status: number, path?: string) {
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send((path && pageHtml.get(path)) ?? indexHtml);
  }

  if (built) {
    await app.register(fastifyStatic, {
      root: app.config.webRoot,
      index: false,
      wildcard: false,
      serve: true,
      // index.html is only ever sent with the event filled in (sendPage), never as a file.
      allowedPath: (pathName) => pathName !== '/index.html',
      // Hashed file names under /assets never change: cache them for a year.
      setHeaders(res, path) {
        if (path.includes('/assets/')) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
    for (const path of pagePaths) {
      app.get(path, (_request, reply) => sendPage(reply, 200, path));
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      built &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/');
    if (wantsPage) return sendPage(reply, 404);
    return sendError(reply, 404, 'not_found', apiErrors.notFound);
  });
}

export default fp(webApp, { name: 'web-app' });
