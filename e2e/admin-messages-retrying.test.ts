// SMTP configured but unreachable (a wrong host or port, a hosting provider that blocks port
// 587): the organizer is told, at the top of the panel and on each card, that the e-mails wait
// for another try and why, instead of a quiet 'Na fila' for the day the retries last.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingStateSchema } from '../src/shared/message.schema.ts';
import { api } from '../src/shared/paths.ts';
import { sendingEnv } from '#test/stand-ins/graph-api.ts';
import { startSession } from '#test/api/sessions.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { axeViolations, launchBrowser, type TestBrowser } from '#test/browser/browser.ts';
import { admin, animationsDone, card, openPanel, register } from '#test/browser/admin-panel.ts';

const reason = 'Não foi possível falar com o servidor de e-mail.';

/** A loopback port nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

let server: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startAppServer({
    ...admin,
    ...sendingEnv({ smtp: `smtp://user:pass@127.0.0.1:${await closedPort()}` }),
  });
  browser = await launchBrowser({ viewport: { width: 390, height: 844 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('an SMTP server that cannot be reached', () => {
  it('is said at the top of the panel and on the card, with the reason', async () => {
    await register(server, { nome_completo: 'Rita Sem Servidor' });
    await register(server, { nome_completo: 'Caio Sem Servidor', email: 'caio@exemplo.com' });
    // Both first attempts made (the panel asks for the state when it opens).
    const { cookie } = await startSession(server.app.db.kysely);
    await expect
      .poll(async () => {
        const response = await server.request(api.adminMessaging, { headers: { cookie } });
        return messagingStateSchema.parse(await response.json()).email.retrying?.count;
      })
      .toBe(2);
    const page = await browser.newPage();
    await openPanel(page, server);
    await page
      .getByRole('status')
      .filter({ hasText: `2 e-mails esperam nova tentativa: ${reason}` })
      .waitFor();
    await card(page, 'Rita Sem Servidor')
      .getByRole('list', { name: 'Envio automático' })
      .getByRole('listitem')
      .filter({
        hasText: `E-mail · Inscrição recebida: Na fila (última tentativa: ${reason})`,
      })
      .waitFor();
    // Not a pause: nothing says the credentials were refused.
    expect(await page.getByText('pausado', { exact: false }).count()).toBe(0);
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(browser.problems).toEqual([]);
  });
});
