// Screenshots of the public pages at phone and desktop widths, for a person to look at: the
// landing page, the form (empty, with its errors, and sent), the thank-you, privacy and 404
// pages. Run `npm run screenshots` (it builds first when the build is missing or stale); the
// PNG files land in /tmp (or the folder given: `npm run screenshots -- ./shots`).
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { paths } from '../src/shared/paths.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { launchBrowser } from '#test/browser/browser.ts';

const folder = resolve(process.argv[2] ?? '/tmp');
mkdirSync(folder, { recursive: true });
const widths = [360, 1280];
const heights: Record<number, number> = { 360: 740, 1280: 800 };

/** Waits until nothing moves: fonts loaded, every animation and transition (a toast's) ended. */
async function settled(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(document.getAnimations().map((animation) => animation.finished));
  });
}

const server = await startAppServer();
const written: string[] = [];
try {
  for (const width of widths) {
    const browser = await launchBrowser({ viewport: { width, height: heights[width]! } });
    try {
      const page = await browser.newPage();
      const shot = async (name: string, fullPage = true) => {
        const path = join(folder, `visitor-${name}-${width}.png`);
        await page.screenshot({ path, fullPage });
        written.push(path);
      };

      for (const [name, path] of [
        ['landing', paths.home],
        ['form', paths.register],
        ['thanks', paths.thanks],
        ['privacy', paths.privacy],
        ['404', '/nao-existe'],
      ] as const) {
        await page.goto(server.url + path);
        await page.locator('main').waitFor();
        await settled(page);
        await shot(name);
      }

      await page.goto(server.url + paths.register);
      await page.getByLabel('E-mail').fill('maria@');
      await page.locator('button[type=submit]').click();
      await page.locator('[data-sonner-toast]').waitFor();
      await settled(page);
      await shot('form-errors');
      await shot('form-errors-top', false);

      await page.getByLabel('Nome completo').fill('Maria da Silva');
      await page.getByLabel('País do WhatsApp').focus();
      await page.getByLabel('País do WhatsApp').selectOption('BR');
      await page.getByRole('textbox', { name: 'WhatsApp', exact: true }).fill('(11) 91234-5678');
      await page.getByLabel('E-mail').fill(`maria.${Date.now()}@exemplo.com`);
      await page.getByLabel('Nome da empresa').fill('Construtora Horizonte');
      await page.getByRole('radio', { name: 'Ok, entendido.' }).check();
      await page.locator('button[type=submit]').click();
      await page.waitForURL(server.url + paths.thanks);
      await page.locator('[data-sonner-toast][data-type=success]').waitFor();
      await settled(page);
      await shot('thanks-toast', false);
    } finally {
      await browser.close();
    }
  }
} finally {
  await server.close();
}
console.log(`screenshots: ${written.length} files\n${written.map((p) => `  ${p}`).join('\n')}`);
