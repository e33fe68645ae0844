// No key in the log (issue 31.4): the setup token, a personal link's token and a ticket's code
// travel in addresses, and every request is logged. Each address that carries one, as a person or
// a chat app or a scanner mangles it (case, a doubled slash, a slash at the end, percent-encoding,
// a query on a page that takes none), is sent to a real server whose real log output is read.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../shared/paths.ts';
import { registerConfirmed } from '#test/api/door.ts';
import { startSession } from '#test/api/sessions.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { keptLog, printedLink, type KeptLog } from '#test/servers/setup-link.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

const builtIndex = join(process.cwd(), 'dist/web/index.html');

let log: KeptLog;
let server: TestServer;
beforeAll(async () => {
  log = keptLog();
  server = await startTestServer({}, { logStream: log.stream });
});
afterAll(async () => {
  await server?.close();
});

/** Every way to write a key's address that a test here thinks of. */
function addressesWith(setupToken: string, personalToken: string, ticketCode: string) {
  const encoded = (text: string) =>
    [...text].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('');
  return [
    `/ADMIN/configurar?token=${setupToken}`,
    `/admin//configurar?token=${setupToken}`,
    `/admin/configurar/?token=${setupToken}`,
    `/admin?token=${setupToken}`,
    `/admin/?token=${setupToken}`,
    `/?token=${setupToken}`,
    `/convite?token=${setupToken}&utm_source=whatsapp`,
    `/nada-aqui/${setupToken}`,
    `${api.adminSetup}?token=${setupToken}`,
    `/api/admin/setup/?token=${setupToken}`,
    `/Inscricao/${personalToken}`,
    `/inscricao/${personalToken}`,
    `/INSCRICAO/${personalToken}/`,
    `/inscricao//${personalToken}`,
    `/inscricao/${personalToken}/cancelar/`,
    `/inscricao/${encoded(personalToken)}`,
    `/convite?inscricao=${personalToken}`,
    `/Ingresso/${ticketCode}`,
    `/ingresso/${ticketCode}`,
    `/ingresso/${ticketCode}.`,
    `/ingresso/${ticketCode}/evento.ics`,
    `/api/tickets/${ticketCode}`,
    `/API/tickets/${ticketCode}`,
    `/api/tickets/${ticketCode}?codigo=${ticketCode}`,
  ];
}

describe.skipIf(!existsSync(builtIndex))('the request log', () => {
  it('names where every request went, never a key in its address', async () => {
    const setupToken = new URL(printedLink(log.text())).searchParams.get('token')!;
    const created = await server.request(api.registrations, {
      method: 'POST',
      json: validRegistration(),
    });
    const { personal_page: personalPage } = (await created.json()) as { personal_page: string };
    const personalToken = new URL(personalPage).pathname.split('/').at(-1)!;
    const { cookie } = await startSession(server.app.db.kysely);
    const { ticket_code: ticketCode } = await registerConfirmed(server, cookie);
    // The setup link's own line, printed at start, is the one place its token is meant to be.
    const from = log.text().length;

    for (const address of addressesWith(setupToken, personalToken, ticketCode)) {
      for (const method of ['GET', 'HEAD', 'POST']) {
        const response = await server.request(address, { method, redirect: 'manual' });
        await response.arrayBuffer();
      }
    }
    await server.request(api.adminSetup, {
      method: 'POST',
      json: { token: setupToken, email: 'x@exemplo.com', password: 'errada' },
    });

    const written = log.text().slice(from);
    expect({
      setupToken: written.includes(setupToken),
      personalToken: written.includes(personalToken),
      ticketCode: written.includes(ticketCode),
    }).toEqual({ setupToken: false, personalToken: false, ticketCode: false });
    // The requests were logged, and say where they went.
    expect(written).toContain('"url":"/ADMIN/configurar?…"');
    expect(written).toContain('"url":"/Inscricao/…"');
    expect(written).toContain(`"url":"${api.adminSetup}"`);
    expect(written).toContain('"url":"/convite"');
  });
});
