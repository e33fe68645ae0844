// The door's live list when its stream comes back after a while away (a phone between networks, a
// router that dropped the idle connection): what changed meanwhile, in real Chromium against the
// real server (docs/decisions/0169).
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../src/shared/paths.ts';
import { startSession } from '#test/api/sessions.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { admin } from '#test/browser/admin-panel.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { launchBrowser, type TestBrowser } from '#test/browser/browser.ts';
import { confirmedRegistration, openDoor } from '#test/browser/door.ts';

let server: TestServer;
let browser: TestBrowser | undefined;

beforeAll(async () => {
  server = await startAppServer(admin);
});

afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

afterAll(async () => {
  await server?.close();
});

const phone = { width: 360, height: 740 };
const streamRoute = `**${api.doorLiveStream}*`;

/** The line that counts the confirmed people and those who came in. */
const countLine = (page: Page) => page.getByText(/confirmados já entraram$/);

describe('a door phone away while a new edition starts', () => {
  it('comes back with the new edition’s people only, not last edition’s beside them', async () => {
    await confirmedRegistration(server, { nome_completo: 'Ana Do Ano Passado' });
    browser = await launchBrowser({ viewport: phone });
    const page = await browser.newPage();
    await openDoor(page, server);
    await page.getByText('Ao vivo', { exact: true }).waitFor();
    await page.getByText('0 de 1 confirmados já entraram').waitFor();

    // The phone's stream drops and cannot come back for a while…
    await page.route(streamRoute, (route) => route.abort('internetdisconnected'));
    server.app.server.closeAllConnections();
    await page.getByText('Conectando...', { exact: true }).waitFor();
    // …while the organizer starts the next edition and confirms someone for it.
    const { cookie } = await startSession(server.app.db.kysely);
    const created = await server.request(api.adminEditions, {
      method: 'POST',
      headers: { cookie },
      json: { date: '2037-05-05', name: 'Edição de 2037' },
    });
    expect(created.status).toBe(201);
    await confirmedRegistration(server, { nome_completo: 'Bruno Da Nova Edição' });

    // Back: the stream resumes where it was.
    await page.unroute(streamRoute);
    await page.getByText('Ao vivo', { exact: true }).waitFor({ timeout: 15_000 });
    await page.getByLabel('Buscar por nome ou empresa').fill('Bruno');
    await page.getByText('1 pessoa encontrada').waitFor();
    // Only this edition's people: counted and found.
    await expect.poll(() => countLine(page).textContent()).toBe('0 de 1 confirmados já entraram');
    await page.getByLabel('Buscar por nome ou empresa').fill('Ana Do Ano');
    await page.getByText('Ninguém encontrado para "Ana Do Ano".').waitFor();
  });
});
