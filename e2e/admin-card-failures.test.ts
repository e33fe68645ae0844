// A card's own action (Confirmar, Cancelar inscrição) that fails on the way says why under the
// spec's toast: the connection lost, the server too slow, not only the server's refusals (0171).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { api } from '../src/shared/paths.ts';
import type { TestServer } from '../src/server/test-support/test-server.ts';
import { startAppServer } from './support/app-server.ts';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { card, expected401s, openPanel, register } from './support/admin-panel.ts';

let server: TestServer;
let browser: TestBrowser;
const pages: Page[] = [];

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser({ viewport: { width: 1280, height: 800 } });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

beforeEach(async () => {
  for (const page of pages.splice(0)) await page.close();
  await browser.context.clearCookies();
  browser.problems.length = 0;
  await server.app.db.kysely.deleteFrom('registrations').execute();
});

function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

it("a 'Confirmar' or 'Cancelar inscrição' lost on the network says so under the spec's toast", async () => {
  await register(server, { nome_completo: 'Ana Offline' });
  const page = await browser.newPage();
  pages.push(page);
  const console = expected401s(page, [api.adminMe]);
  await openPanel(page, server);
  await card(page, 'Ana Offline').waitFor();
  await page.route('**/api/admin/registrations/*/*', (route) =>
    route.abort('internetdisconnected'),
  );
  await card(page, 'Ana Offline').getByRole('button', { name: 'Confirmar' }).click();
  const said = toast(page, 'Não foi possível confirmar o participante.');
  await said.waitFor();
  expect(await said.textContent()).toContain('Sem conexão com o servidor. Verifique sua internet.');

  await card(page, 'Ana Offline').getByRole('button', { name: 'Cancelar inscrição' }).click();
  await card(page, 'Ana Offline').getByRole('button', { name: 'Sim, cancelar' }).click();
  const cancel = toast(page, 'Não foi possível cancelar a inscrição.');
  await cancel.waitFor();
  expect(await cancel.textContent()).toContain(
    'Sem conexão com o servidor. Verifique sua internet.',
  );
  const unexpected = console
    .unexpected(browser.problems)
    .filter((problem) => !/ERR_INTERNET_DISCONNECTED/.test(problem));
  expect(unexpected).toEqual([]);
});
