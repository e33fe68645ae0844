// Screenshots of the public pages at phone and desktop widths, for a person to look at: the
// landing page, the form (empty, with its errors, and sent), the thank-you, privacy and 404
// pages. Run `npm run screenshots` (it builds first when the build is missing or stale); the
// PNG files land in /tmp (or the folder given: `npm run screenshots -- ./shots`).
// `-- --configured`: the pages of an organizer's own event (a developer meetup in Recife, set up
// through the panel's API with its texts, cards and logo; issue 33), named `meetup-…`.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { api, paths } from '../src/shared/paths.ts';
import type { EventSettings } from '../src/shared/event-settings.schema.ts';
import { startSession } from '#test/api/sessions.ts';
import { logoPicture } from '#test/builders/logo.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { launchBrowser } from '#test/browser/browser.ts';

const configured = process.argv.includes('--configured');
const folder = resolve(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? '/tmp');
const prefix = configured ? 'meetup' : 'visitor';
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

/** The meetup an organizer sets up in 'Evento', saved as the panel saves it, with its logo. */
async function setUpMeetup(server: TestServer) {
  const { cookie } = await startSession(server.app.db.kysely);
  const saved = (await (
    await server.request(api.adminEvent, { headers: { cookie } })
  ).json()) as EventSettings;
  const nextYear = new Date().getFullYear() + 1;
  const settings: EventSettings = {
    ...saved,
    name: 'Encontro Dev Recife',
    eyebrow: 'Meetup de desenvolvimento · entrada gratuita',
    tagline: 'Uma noite de palestras curtas e conversa para quem programa em Pernambuco',
    description:
      'Três palestras de 20 minutos sobre o que as equipes daqui estão construindo, ' +
      'perguntas abertas e um café no fim para conhecer quem trabalha ao lado.\n\n' +
      'A programação completa está em https://recife.dev/agenda. Vagas limitadas ao auditório.',
    highlights: [
      { icon: 'microphone', title: 'Palestras curtas', text: 'Três falas de 20 minutos' },
      { icon: 'people', title: '300 pessoas', text: 'Quem programa em Recife e região' },
      { icon: 'coffee', title: 'Café no fim', text: 'Para conversar sem pressa' },
      { icon: 'certificate', title: 'Certificado', text: 'De participação, por e-mail' },
    ],
    date: `${nextYear}-03-20`,
    time: '19:00',
    timeZone: 'America/Recife',
    venue: 'Auditório do Porto Digital',
    city: 'Recife, PE',
    phoneCountry: 'BR',
  };
  const put = await server.request(api.adminEvent, {
    method: 'PUT',
    headers: { cookie },
    json: settings,
  });
  if (!put.ok) throw new Error(`settings: ${put.status} ${await put.text()}`);
  const logo = await server.request(api.adminEventLogo, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'image/png' },
    body: new Uint8Array(await logoPicture()),
  });
  if (!logo.ok) throw new Error(`logo: ${logo.status} ${await logo.text()}`);
}

const server = await startAppServer();
if (configured) await setUpMeetup(server);
const written: string[] = [];
try {
  for (const width of widths) {
    const browser = await launchBrowser({ viewport: { width, height: heights[width]! } });
    try {
      const page = await browser.newPage();
      const shot = async (name: string, fullPage = true) => {
        const path = join(folder, `${prefix}-${name}-${width}.png`);
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
      await page.getByRole('textbox', { name: 'WhatsApp', exact: true }).fill('(81) 99876-5432');
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
