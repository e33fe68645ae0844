// Two organizers on the 'Evento' form from the same starting point (issue 31.6): the later save of
// a field the other just saved is refused with the server's message, keeps everything typed and
// writes nothing; 'Recarregar' then takes what was saved and lets this organizer save over it
// knowingly (decisions 0215, 0196). Two browser contexts, two sessions, the real server.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventSettings } from '../src/shared/event-settings.schema.ts';
import { api, paths } from '../src/shared/paths.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { axeViolations, launchBrowser, type TestBrowser } from '#test/browser/browser.ts';
import { animationsDone, signIn } from '#test/browser/admin-panel.ts';
import { toast } from '#test/browser/registration-form.ts';

const changed =
  'Outra pessoa alterou o evento enquanto você editava. Recarregue para ver as mudanças.';

let server: TestServer;
const browsers: TestBrowser[] = [];

beforeAll(async () => {
  server = await startAppServer();
});

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await server?.close();
});

/** One organizer: a browser context of their own, signed in, on the 'Evento' screen. */
async function organizer(): Promise<{ page: Page; session: TestSession; browser: TestBrowser }> {
  const browser = await launchBrowser();
  browsers.push(browser);
  const session = await startSession(server.app.db.kysely);
  const page = await browser.newPage();
  await signIn(page, server, session);
  await page.goto(`${server.url}${paths.admin}#evento`);
  await page.getByRole('heading', { level: 2, name: 'Evento' }).waitFor();
  await page.getByLabel('Nome do evento', { exact: true }).waitFor();
  return { page, session, browser };
}

async function storedSettings(session: TestSession): Promise<EventSettings> {
  const response = await server.request(api.adminEvent, { headers: { cookie: session.cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as EventSettings;
}

describe('two organizers saving the Evento form from the same start', () => {
  it('refuses the later save of a field the other saved, keeps what was typed, saves nothing', async () => {
    const ana = await organizer();
    const bruno = await organizer();
    const before = await storedSettings(ana.session);
    const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

    await field(ana.page, 'Nome do evento').fill('Nome da Ana');
    await field(bruno.page, 'Nome do evento').fill('Nome do Bruno');
    await field(bruno.page, 'Cidade').fill('Cidade do Bruno');

    await ana.page.getByRole('button', { name: 'Salvar' }).click();
    await toast(ana.page, 'Evento salvo!').waitFor();
    const anas = { ...before, name: 'Nome da Ana' };
    expect(await storedSettings(ana.session)).toEqual(anas);

    const puts: string[] = [];
    bruno.page.on('request', (request) => {
      if (request.method() === 'PUT' && new URL(request.url()).pathname === api.adminEvent) {
        puts.push(request.headers()['if-match'] ?? '');
      }
    });
    await bruno.page.getByRole('button', { name: 'Salvar' }).click();
    await bruno.page.getByRole('alert').getByText(changed).waitFor();
    // Sent over the version Bruno started from, and refused: nothing of his is saved.
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatch(/^"[^"]+\.\d+"$/);
    expect(await storedSettings(ana.session)).toEqual(anas);
    expect(await field(bruno.page, 'Nome do evento').inputValue()).toBe('Nome do Bruno');
    expect(await field(bruno.page, 'Cidade').inputValue()).toBe('Cidade do Bruno');
    expect(await toast(bruno.page, 'Evento salvo!').count()).toBe(0);
    await animationsDone(bruno.page);
    expect(await axeViolations(bruno.page)).toEqual([]);

    // Saving again without reloading is refused again: his name would go over Ana's.
    await bruno.page.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => puts.length).toBe(2);
    await bruno.page.getByRole('alert').getByText(changed).waitFor();
    expect(await storedSettings(ana.session)).toEqual(anas);

    // 'Recarregar': what was typed stays; saving now is a choice made knowing.
    await bruno.page.getByRole('button', { name: 'Recarregar' }).click();
    await expect.poll(() => bruno.page.getByText(changed).count()).toBe(0);
    expect(await field(bruno.page, 'Nome do evento').inputValue()).toBe('Nome do Bruno');
    expect(await field(bruno.page, 'Cidade').inputValue()).toBe('Cidade do Bruno');
    await bruno.page.getByRole('button', { name: 'Salvar' }).click();
    await toast(bruno.page, 'Evento salvo!').waitFor();
    expect(await storedSettings(ana.session)).toEqual({
      ...before,
      name: 'Nome do Bruno',
      city: 'Cidade do Bruno',
    });
    // The refusals themselves are the only failed loads Chromium reports.
    const problems = browsers.flatMap((browser) => browser.problems);
    expect(problems.filter((problem) => !/status of 412/.test(problem))).toEqual([]);
  });
});
