// Screenshots of the public pages at phone and desktop widths, for a person to look at:
// SCREENSHOTS=1 npx vitest run e2e/visitor-screenshots.test.ts (files land in /tmp).
import { afterAll, beforeAll, describe, it } from 'vitest';
import { paths } from '../src/shared/paths.ts';
import type { TestServer } from '../src/server/test-support/test-server.ts';
import { startAppServer } from './support/app-server.ts';
import { launchBrowser } from './support/browser.ts';

const enabled = Boolean(process.env.SCREENSHOTS);

describe.runIf(enabled)('screenshots', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startAppServer();
  });

  afterAll(async () => {
    await server?.close();
  });

  const widths = [360, 1280];
  const heights: Record<number, number> = { 360: 740, 1280: 800 };

  it.each(widths)('at %i px', async (width) => {
    const browser = await launchBrowser({ viewport: { width, height: heights[width]! } });
    try {
      const page = await browser.newPage();
      const shot = async (name: string) =>
        page.screenshot({ path: `/tmp/visitor-${name}-${width}.png`, fullPage: true });

      for (const [name, path] of [
        ['landing', paths.home],
        ['form', paths.register],
        ['thanks', paths.thanks],
        ['privacy', paths.privacy],
        ['404', '/nao-existe'],
      ] as const) {
        await page.goto(server.url + path);
        await page.locator('main').waitFor();
        await page.waitForTimeout(300);
        await shot(name);
      }

      await page.goto(server.url + paths.register);
      await page.getByLabel('E-mail').fill('maria@');
      await page.locator('button[type=submit]').click();
      await page.locator('[data-sonner-toast]').waitFor();
      await page.waitForTimeout(500);
      await shot('form-errors');
      await page.screenshot({ path: `/tmp/visitor-form-errors-top-${width}.png` });

      await page.getByLabel('Nome completo').fill('Maria da Silva');
      await page.getByLabel('País do WhatsApp').selectOption('BR');
      await page.getByRole('textbox', { name: 'WhatsApp', exact: true }).fill('(11) 91234-5678');
      await page.getByLabel('E-mail').fill(`maria.${Date.now()}@exemplo.com`);
      await page.getByLabel('Nome da empresa').fill('Construtora Horizonte');
      await page.getByRole('radio', { name: 'Ok, entendido.' }).check();
      await page.locator('button[type=submit]').click();
      await page.waitForURL(server.url + paths.thanks);
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/visitor-thanks-toast-${width}.png` });
    } finally {
      await browser.close();
    }
  });
});
