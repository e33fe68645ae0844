// The first start in Chromium: the operator opens the setup link the server printed, creates the
// first admin with the form (the password rules at the fields), and lands logged in on the screen
// that asks for the event; the link is then spent. The setup page passes axe.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths, setupLanding, setupPage } from '../src/shared/paths.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { axeViolations, hydrated, launchBrowser, type TestBrowser } from '#test/browser/browser.ts';
import { keptLog, printedLink } from '#test/servers/setup-link.ts';

let server: TestServer;
let browser: TestBrowser;
const log = keptLog();

beforeAll(async () => {
  server = await startAppServer({}, { logStream: log.stream });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openForm(page: Page, link: string) {
  const response = await page.goto(link);
  expect(response?.status()).toBe(200);
  await page.getByRole('heading', { level: 1, name: 'Criar o primeiro administrador' }).waitFor();
  await hydrated(page);
}

const isFocused = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((element) => element === document.activeElement);

describe('the first start', () => {
  it('creates the first admin through the printed link and lands logged in on the screen that asks for the event', async () => {
    const link = printedLink(log.text());
    expect(link.startsWith(`${server.url}${setupPage}?token=`)).toBe(true);
    const page = await browser.newPage();
    // Opened before the admin exists, submitted after: it must say the link is spent.
    const late = await browser.newPage();
    await openForm(page, link);
    await openForm(late, link);
    expect(await page.title()).toContain('Criar o primeiro administrador');
    expect(await axeViolations(page)).toEqual([]);

    // The rules of every account, at the field that breaks them.
    await page.getByLabel('E-mail', { exact: true }).fill('organizadora@exemplo.com');
    await page.getByLabel('Senha', { exact: true }).fill('curta-demai');
    await page.getByLabel('Repita a senha').fill('curta-demai');
    await page.getByRole('button', { name: 'Criar conta e entrar' }).click();
    const tooShort = page.getByText('A senha precisa de pelo menos 12 caracteres.');
    await tooShort.waitFor();
    expect(await page.getByLabel('Senha', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(await isFocused(page, 'Senha')).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Senha', { exact: true }).fill('uma senha bem comprida');
    await page.getByLabel('Repita a senha').fill('uma senha bem cumprida');
    await page.getByRole('button', { name: 'Criar conta e entrar' }).click();
    await page.getByText('As senhas não conferem.').waitFor();
    expect(await tooShort.count()).toBe(0);
    expect(await isFocused(page, 'Repita a senha')).toBe(true);

    await page.getByLabel('Repita a senha').fill('uma senha bem comprida');
    await page.getByRole('button', { name: 'Criar conta e entrar' }).click();
    await page.waitForURL(server.url + setupLanding);
    // The screen that asks for the event comes next (first-start-event.test.ts).
    await page.getByRole('heading', { level: 1, name: 'Seu evento' }).waitFor();
    const accounts = await server.app.db.kysely
      .selectFrom('accounts')
      .select(['email', 'role'])
      .execute();
    expect(accounts).toEqual([{ email: 'organizadora@exemplo.com', role: 'admin' }]);
    expect(browser.problems).toEqual([]);

    // The other tab, opened before: the link is spent.
    await late.getByLabel('E-mail', { exact: true }).fill('outra@exemplo.com');
    await late.getByLabel('Senha', { exact: true }).fill('outra senha comprida');
    await late.getByLabel('Repita a senha').fill('outra senha comprida');
    await late.getByRole('button', { name: 'Criar conta e entrar' }).click();
    await late.getByRole('alert').getByText('Este link não vale mais', { exact: false }).waitFor();
    expect(await late.getByRole('link', { name: 'Ir para o painel' }).getAttribute('href')).toBe(
      paths.admin,
    );
    expect(await late.getByRole('button', { name: 'Criar conta e entrar' }).isDisabled()).toBe(
      true,
    );

    // The link again: the not-found page, which stays what it is (no app: only its script that
    // logs the miss).
    const again = await page.goto(link);
    expect(again?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: '404' }).waitFor();
    expect(await page.getByText('Criar o primeiro administrador').count()).toBe(0);
    expect(
      await page
        .locator('script')
        .evaluateAll((scripts) => scripts.map((script) => script.getAttribute('src'))),
    ).toEqual([expect.stringMatching(/^\/assets\/not-found-entry-[\w-]+\.js$/)]);

    const unexpected = browser.problems.filter(
      (problem) => !/status of 404|^error: 404 Error: User attempted/.test(problem),
    );
    expect(unexpected).toEqual([]);
  });
});
