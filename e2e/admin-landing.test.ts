// The landing page and the registrations' window set up from the panel (issue 33.1, 33.5): in
// Chromium against the real server and its SQLite file, the organizer writes the line above the
// name, a description and cards, gets a card's error at the card, saves, and sees the landing page
// change; then turns registrations off and sees both public pages say so.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventFieldMessages } from '../src/shared/event-fields.ts';
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

it("writes the landing page's texts and cards, a card's error at the card, and the page follows", async () => {
  const page = await openEventScreen();
  await page.getByLabel('Linha acima do nome', { exact: true }).fill('Meetup de desenvolvimento');
  await page
    .getByLabel('Descrição', { exact: true })
    .fill('Palestras curtas em Recife.\n\nAgenda em https://recife.dev/agenda');
  const second = page.getByRole('group', { name: 'Destaque 2' });
  await second.getByLabel('Título', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Adicionar destaque' }).click();
  const third = page.getByRole('group', { name: 'Destaque 3' });
  await third.getByLabel('Ícone', { exact: true }).selectOption('coffee');
  await third.getByLabel('Título', { exact: true }).fill('Café');
  await third.getByLabel('Texto', { exact: true }).fill('Tapioca no intervalo');
  await page.getByRole('button', { name: 'Salvar' }).click();

  // The empty title is named at its card, and nothing is saved.
  const title = second.getByLabel('Título', { exact: true });
  await expect.poll(() => title.getAttribute('aria-invalid')).toBe('true');
  expect(await second.getByText(eventFieldMessages.required).count()).toBe(1);
  expect((await storedSettings()).eyebrow).toBe('Evento presencial de networking');
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);

  await title.fill('Comunidade');
  await page.getByRole('button', { name: 'Salvar' }).click();
  // Said once the pages are rendered again with it.
  await page.getByText('Evento salvo!').waitFor();
  expect((await storedSettings()).highlights[2]).toEqual({
    icon: 'coffee',
    title: 'Café',
    text: 'Tapioca no intervalo',
  });

  const landing = await browser.newPage();
  await landing.goto(server.url + paths.home);
  const main = landing.getByRole('main');
  expect(await main.textContent()).toContain('Meetup de desenvolvimento');
  expect(await landing.getByRole('link', { name: 'https://recife.dev/agenda' }).count()).toBe(1);
  const cards = await main.getByRole('listitem').allTextContents();
  expect(cards.slice(1)).toEqual([
    'Segurança em FocoMelhores práticas do setor',
    'ComunidadeConexões valiosas',
    'CaféTapioca no intervalo',
  ]);
});

it('turns registrations off, and both public pages say they are closed', async () => {
  const page = await openEventScreen();
  await page.getByLabel('Inscrições abertas', { exact: true }).uncheck();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await page.getByText('Evento salvo!').waitFor();
  expect((await storedSettings()).registrationOpen).toBe(false);

  const visitor = await browser.newPage();
  for (const path of [paths.home, paths.register]) {
    await visitor.goto(server.url + path);
    await visitor.getByText('Inscrições encerradas').waitFor();
    expect(await visitor.getByRole('link', { name: 'contato@buildsafe.example' }).count()).toBe(1);
  }
  expect(await visitor.getByLabel('Nome completo').count()).toBe(0);
  expect(await axeViolations(visitor)).toEqual([]);
});
