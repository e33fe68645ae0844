// GET /api/openapi.json describes every route the app registers, walked from Fastify's own route
// table: a route added anywhere without its schemas (route-schema.ts) fails here.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorTable } from '../../shared/api-error.ts';
import { api, attendeePage, ticketPage } from '../../shared/paths.ts';
import { audiences } from '../audience.ts';
import type { App } from '../app.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

interface Operation {
  summary?: string;
  tags?: string[];
  'x-audience'?: unknown;
  security?: unknown[];
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: unknown;
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema?: unknown }> }
  >;
}
type Document = { paths: Record<string, Record<string, Operation>> } & Record<string, unknown>;

const builtSite = join(process.cwd(), 'dist/web');
/** The not-found page's catch-alls: a personal key's address a little off (web-app.ts). */
const catchAlls = [attendeePage, ticketPage, api.ticket].map((path) => path.replace(/:code$/, '*'));

/** A page of the site: its answers are HTML, a 4xx one the page that says why (not the API's). */
const isPage = (answer: { content?: Record<string, unknown> }) =>
  answer.content !== undefined && 'text/html' in answer.content;

const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

async function documentOf(server: TestServer): Promise<Document> {
  const response = await server.request(api.openapi);
  expect(response.status).toBe(200);
  return (await response.json()) as Document;
}

/** What is wrong with the document, route by route: nothing, for an app whose routes declare it. */
function problems(app: App, document: Document): string[] {
  const found: string[] = [];
  const table = app.routeTable;
  for (const { method, url, audience, hidden } of table) {
    const name = `${method} ${url}`;
    // A GET's HEAD twin is the GET without its body: described with it.
    if (method === 'HEAD' && table.some((route) => route.method === 'GET' && route.url === url)) {
      continue;
    }
    if (hidden) {
      const builtFile = existsSync(join(builtSite, url)) && url !== '/';
      if (!builtFile && !catchAlls.includes(url)) found.push(`${name}: hidden from the document`);
      continue;
    }
    const operation = document.paths[openapiPath(url)]?.[method.toLowerCase()];
    if (!operation) {
      found.push(`${name}: not in the document`);
      continue;
    }
    if (!operation.summary) found.push(`${name}: no summary`);
    if (JSON.stringify(operation['x-audience']) !== JSON.stringify(audience)) {
      found.push(`${name}: x-audience is not the route's audience`);
    }
    const answers = Object.entries(operation.responses);
    const succeeds = answers.some(
      ([status, answer]) =>
        (/^[23]\d\d$/.test(status) &&
          answer.description !== 'Default Response' &&
          (answer.content !== undefined || ['204', '301', '303'].includes(status))) ||
        // POST /convite's one answer: a page that says the form was not sent.
        (/^4\d\d$/.test(status) && isPage(answer)),
    );
    if (!succeeds) found.push(`${name}: no success answer described`);
    if (!operation.responses['500']) found.push(`${name}: its errors are not described`);
    if (audience !== 'public' && !operation.responses['401']) found.push(`${name}: no 401`);
    for (const param of url.match(/:\w+/g) ?? []) {
      if (!operation.parameters?.some((p) => p.in === 'path' && p.name === param.slice(1))) {
        found.push(`${name}: ${param} not described`);
      }
    }
  }
  return found;
}

describe('GET /api/openapi.json', () => {
  let server: TestServer;
  let document: Document;
  beforeAll(async () => {
    server = await startTestServer();
    document = await documentOf(server);
  });
  afterAll(async () => {
    await server.close();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('describes every route the app registers: its audience, what it takes and answers', () => {
    expect(problems(server.app, document)).toEqual([]);
  });

  it("gives each error's code with the table's status and pt-BR message", () => {
    const table = new Map(
      Object.values(errorTable).map((kind) => [`${kind.code} ${kind.message}`, kind.status]),
    );
    const registration = document.paths[api.registrations]!.post!;
    expect(Object.keys(registration.responses).sort()).toEqual(
      ['201', '400', '403', '409', '413', '415', '500'].sort(),
    );
    const conflict = JSON.stringify(registration.responses['409']);
    expect(conflict).toContain(errorTable.duplicateEmail.message);
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const [status, answer] of Object.entries(operation.responses)) {
          if (!/^[45]/.test(status) || isPage(answer)) continue;
          // Each kind as a reader sees it: "- `code`: message".
          const kinds = [...answer.description.matchAll(/^- `(\w+)`: (.+)$/gm)];
          expect(kinds.length).toBeGreaterThan(0);
          for (const [, code, message] of kinds) {
            expect({
              at: `${method} ${path}`,
              status: table.get(`${code} ${message}`),
            }).toEqual({
              at: `${method} ${path}`,
              status: Number(status),
            });
          }
        }
      }
    }
  });

  it('is public (no session), compressed and cacheable', async () => {
    const response = await server.request(api.openapi, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('public, no-cache');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await server.request(api.openapi, {
      headers: { 'accept-encoding': 'br, gzip', 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
  });
});

describe('a route registered without its schemas', () => {
  it('is reported', async () => {
    const server = await startTestServer(
      {},
      {
        routes: (app) => {
          app.get('/api/undescribed', { config: { audience: audiences.admin } }, async () => ({}));
        },
      },
    );
    try {
      const found = problems(server.app, await documentOf(server));
      expect(found.filter((problem) => problem.includes('/api/undescribed'))).toEqual([
        'GET /api/undescribed: no summary',
        "GET /api/undescribed: x-audience is not the route's audience",
        'GET /api/undescribed: no success answer described',
        'GET /api/undescribed: its errors are not described',
        'GET /api/undescribed: no 401',
      ]);
    } finally {
      await server.close();
    }
  });
});
