// A personal link or a ticket's code in an address is a key: the routes that take one log at
// `warn` only (attendee-page.routes.ts, ticket-page.routes.ts, tickets.routes.ts). The same
// address a little off (a trailing slash a chat app added, a path under it) matched none of them
// and went to the not-found handler, which logged it, key and all, at `info`.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../shared/paths.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { registerConfirmed } from '#test/api/door.ts';
import { startSession } from '#test/api/sessions.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

const builtIndex = join(process.cwd(), 'dist/web/index.html');

let log = '';
let server: TestServer;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      log += String(chunk);
      done();
    },
  });
  server = await startTestServer({}, { logStream: stream });
});
afterAll(async () => {
  await server.close();
});

describe.skipIf(!existsSync(builtIndex))('an address with a personal key, a little off', () => {
  it('answers not found and leaves the key out of the log', async () => {
    const created = await server.request(api.registrations, {
      method: 'POST',
      json: validRegistration(),
    });
    expect(created.status).toBe(201);
    const { personal_page: personalPage } = (await created.json()) as { personal_page: string };
    const pagePath = new URL(personalPage).pathname;
    const token = pagePath.split('/').at(-1)!;
    const { cookie } = await startSession(server.app.db.kysely);
    const { ticket_code: code } = await registerConfirmed(server, cookie);

    const pages: Array<[string, string]> = [
      ['GET', `${pagePath}/`],
      ['GET', `${pagePath}/cancelar/`],
      ['HEAD', `${pagePath}/`],
      ['GET', `/ingresso/${code}/`],
      ['GET', `/ingresso/${code}/evento.ics/`],
    ];
    for (const [method, path] of pages) {
      const response = await server.request(path, { method });
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      if (method === 'GET') expect(await response.text()).toMatch(/^<!doctype html>/i);
    }
    // Not a page: the API's 404.
    for (const [method, path] of [
      ['POST', `${pagePath}`],
      ['DELETE', `${pagePath}/`],
      ['GET', `${api.ticket.replace(':code', code)}/`],
    ] as const) {
      const response = await server.request(path, { method });
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
    }

    // The log did record requests: the test can see what the server writes.
    await server.request('/nada-aqui/');
    expect(log).toContain('/nada-aqui/');
    expect({ token: log.includes(token), code: log.includes(code) }).toEqual({
      token: false,
      code: false,
    });
  });
});
