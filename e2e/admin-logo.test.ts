// The logo and 'Ver página' in the panel's 'Evento' screen, in Chromium against the real server
// (issue 33.2, 33.8). The organizer sends a logo (it shows with its size, and on the landing), gets
// the server's pt-BR refusal at the field for a file that is no picture or is too large, removes
// it; then edits the name and the description and opens 'Ver página': a new tab shows the landing
// and the form with them, unindexed, while '/' still shows the saved ones.
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorTable } from '../src/shared/api-error.ts';
import { paths } from '../src/shared/paths.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { axeViolations, launchBrowser, type TestBrowser } from '#test/browser/browser.ts';
import {
  animationsDone,
  openEventScreen as openEventScreenOf,
  storedSettings as storedSettingsOf,
} from '#test/browser/admin-panel.ts';

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

const storedSettings = () => storedSettingsOf(server, session);
const openEventScreen = () => openEventScreenOf(browser, server, session);

it('sends a logo, shows it with its size, refuses what is no picture or too large, removes it', async () => {
  const page = await openEventScreen();
  const field = page.getByLabel('Logotipo', { exact: true });
  const png = await sharp({
    create: { width: 600, height: 150, channels: 4, background: '#0f766e' },
  })
    .png()
    .toBuffer();
  await field.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await page.getByText('Logotipo salvo!').waitFor();
  await page.getByText('480 × 120 px').waitFor();
  const stored = (await storedSettings()).logo;
  expect(stored).toMatchObject({ width: 480, height: 120 });
  const shown = page.getByRole('figure').getByRole('img', { name: 'Logotipo' });
  expect(await shown.getAttribute('src')).toBe(stored!.url);
  expect(await (await server.request(paths.home)).text()).toContain(`src="${stored!.url}"`);
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);

  // Refused by the server, in its words, at the field; the stored logo stays.
  const text = Buffer.from('não é uma imagem');
  await field.setInputFiles({ name: 'nota.txt', mimeType: 'text/plain', buffer: text });
  await page.getByText(errorTable.logoNotAnImage.message).waitFor();
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  const huge = Buffer.alloc(2 * 1024 * 1024 + 1, 1);
  await field.setInputFiles({ name: 'enorme.png', mimeType: 'image/png', buffer: huge });
  await page.getByText(errorTable.logoTooLarge.message).waitFor();
  expect((await storedSettings()).logo).toEqual(stored);

  await page.getByRole('button', { name: 'Remover logotipo' }).click();
  await page.getByText('Logotipo removido.').waitFor();
  expect((await storedSettings()).logo).toBeNull();
  await page.getByText('480 × 120 px').waitFor({ state: 'detached' });
  expect(await (await server.request(paths.home)).text()).not.toContain('/imagens/');
  await page.close();
});

it("'Ver página' shows the landing and the form with the unsaved name and description, '/' does not change", async () => {
  const page = await openEventScreen();
  const saved = await storedSettings();
  await page.getByLabel('Nome do evento', { exact: true }).fill('Recife Dev Meetup');
  await page.getByLabel('Descrição', { exact: true }).fill('Palestras curtas e conversa boa.');
  const opened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Ver página' }).click();
  const preview = await opened;
  await preview.waitForLoadState();
  await preview.getByRole('heading', { level: 1, name: 'Recife Dev Meetup' }).waitFor();
  await preview.getByText('Palestras curtas e conversa boa.').waitFor();
  await preview.getByText(/Pré-visualização: estas alterações ainda não foram salvas/).waitFor();
  expect(await preview.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');

  // The other page, with the same draft.
  await preview.getByRole('button', { name: 'Formulário' }).click();
  await preview.getByText('Inscrição', { exact: true }).waitFor();
  await preview.getByRole('heading', { level: 1, name: 'Recife Dev Meetup' }).waitFor();
  expect(await axeViolations(preview)).toEqual([]);
  expect(browser.problems.filter((problem) => /Content Security Policy/i.test(problem))).toEqual(
    [],
  );

  // Nothing published, nothing saved; the form still holds what was typed.
  const published = await browser.newPage();
  await published.goto(server.url + paths.home);
  await published.getByRole('heading', { level: 1, name: saved.name }).waitFor();
  expect(await published.getByText('Recife Dev Meetup').count()).toBe(0);
  expect((await storedSettings()).name).toBe(saved.name);
  expect(await page.getByLabel('Nome do evento', { exact: true }).inputValue()).toBe(
    'Recife Dev Meetup',
  );
});
