// Every screen of the panel on a 360 px phone (an organizer checks registrations on the go):
// nothing wider than the screen, so no sideways scrolling. A native <select> sized by its longest
// option once pushed the whole 'Evento' form to 648 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../src/shared/paths.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { launchBrowser, type TestBrowser } from '#test/browser/browser.ts';
import { openPanel, register } from '#test/browser/admin-panel.ts';

let server: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser({ viewport: { width: 360, height: 740 } });
  await register(server, {
    nome_completo: 'Iracema Bezerra de Albuquerque Cavalcanti Wanderley',
    email: 'iracema.bezerra.de.albuquerque.cavalcanti@construtora-horizonte.com.br',
    nome_compania: 'Construtora Horizonte & Filhos Engenharia e Segurança do Trabalho Ltda.',
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the panel on a 360 px phone', () => {
  it.each([
    ['', 'Painel Administrativo'],
    ['#resultados', 'Resultados'],
    ['#evento', 'Evento'],
    ['#edicoes', 'Edições'],
  ])('%s fits the screen', async (hash, heading) => {
    const page = await browser.newPage();
    try {
      await openPanel(page, server);
      await page.goto(`${server.url}${paths.admin}${hash}`);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      const widths = await page.evaluate(() => ({
        document: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
      }));
      expect(widths.viewport).toBe(360);
      expect(widths.document, hash).toBeLessThanOrEqual(360);
    } finally {
      await page.close();
    }
  });
});
