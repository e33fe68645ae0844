// The time zone field as organizers name zones (issue 33.4, decision 0226): Brazil's four first,
// a zone found by a city's or a country's name in pt-BR, any IANA name still taken, by mouse and
// by keyboard, and what is chosen is what is saved. Chromium against the real server.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { axeViolations, launchBrowser, type TestBrowser } from '#test/browser/browser.ts';
import { animationsDone, openEventScreen, storedSettings } from '#test/browser/admin-panel.ts';
import { toast } from '#test/browser/registration-form.ts';

let server: TestServer;
let browser: TestBrowser;
let session: TestSession;

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
  session = await startSession(server.app.db.kysely);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const storedZone = async () => (await storedSettings(server, session)).timeZone;

const optionsShown = (page: Page) =>
  page.getByRole('listbox', { name: 'Fusos horários' }).getByRole('option').allInnerTexts();

describe('the time zone field', () => {
  it("offers Brazil's zones first, finds Lisboa and Nova York by name, takes an IANA name, and saves what was chosen", async () => {
    const page = await openEventScreen(browser, server, session);
    const field = page.getByLabel('Fuso horário', { exact: true });
    await field.waitFor();
    expect(await field.getAttribute('role')).toBe('combobox');

    // Emptied, the list starts with the four zones Brazilians name.
    await field.fill('');
    await expect
      .poll(async () => (await optionsShown(page)).slice(0, 4))
      .toEqual([
        'Horário de Brasília (São Paulo, Rio, BH, Recife, Salvador…)',
        'Horário do Amazonas (Manaus…)',
        'Acre',
        'Fernando de Noronha',
      ]);
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);

    // A city in pt-BR, chosen by keyboard.
    await field.fill('lisboa');
    await expect.poll(() => optionsShown(page)).toEqual(['Lisboa (Europe/Lisbon)']);
    await page.keyboard.press('ArrowDown');
    // Enter once the option shows highlighted, as a person sees it before pressing.
    await page.locator('[role="option"][aria-selected="true"]', { hasText: 'Lisboa' }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => field.inputValue()).toBe('Lisboa (Europe/Lisbon)');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Evento salvo!').waitFor();
    expect(await storedZone()).toBe('Europe/Lisbon');

    // Another, by a name with its accents left out, chosen by mouse.
    await field.fill('nova york');
    await page.getByRole('option', { name: 'Nova York (America/New_York)' }).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(storedZone).toBe('America/New_York');

    // 'Brasília' finds Brazil's zone, whose label is what the field shows once saved.
    await field.fill('Brasília');
    await page
      .getByRole('option', { name: 'Horário de Brasília (São Paulo, Rio, BH, Recife, Salvador…)' })
      .click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(storedZone).toBe('America/Sao_Paulo');

    // Any zone the platform knows, typed as IANA names it, is taken as it is.
    await field.fill('Asia/Kathmandu');
    await page.getByLabel('Local', { exact: true }).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(storedZone).toBe('Asia/Kathmandu');
    await page.reload();
    await expect
      .poll(() => page.getByLabel('Fuso horário', { exact: true }).inputValue())
      .toBe('Asia/Kathmandu');
    expect(browser.problems).toEqual([]);
  });
});
