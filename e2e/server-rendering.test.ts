// The public pages arrive as HTML that already shows them, paint with no script at all, and are
// then hydrated in place by the same components: nothing is thrown away and re-rendered, and
// what a visitor typed before that is kept. The landing page leaves the form's code alone until
// the visitor reaches for 'Fazer Inscrição'.
import type { Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../src/shared/paths.ts';
import type { TestServer } from '../src/server/test-support/test-server.ts';
import { startAppServer } from './support/app-server.ts';
import { hydrated, launchBrowser, type TestBrowser } from './support/browser.ts';
import { fields, fillRegistrationForm, toast, validData } from './support/registration-form.ts';

let server: TestServer;
let browser: TestBrowser;
let pages: Page[] = [];

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser({ viewport: { width: 360, height: 740 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
beforeEach(() => {
  browser.problems.length = 0;
});
afterEach(async () => {
  for (const page of pages) await page.close();
  pages = [];
});

async function newPage(): Promise<Page> {
  const page = await browser.newPage();
  pages.push(page);
  return page;
}

/** Holds every script back until `release()`: the page as it is before any JavaScript runs. */
async function withScriptsHeld(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*.js', async (route: Route) => {
    await held;
    await route.continue();
  });
  return { release };
}

const publicPages = [
  { path: paths.home, heading: 'Build Safe', text: 'Segurança em Foco' },
  { path: paths.register, heading: 'Build Safe', text: 'Confirmar Presença' },
  { path: paths.thanks, heading: 'Confirmado!', text: 'Voltar para Início' },
  { path: paths.privacy, heading: 'Como usamos seus dados', text: 'Seus direitos' },
  { path: '/nao-existe', heading: '404', text: 'Oops! Page not found' },
];

describe('server-rendered pages', () => {
  it.each(publicPages)('$path shows before any script runs, then hydrates in place', async (p) => {
    const page = await newPage();
    const scripts = await withScriptsHeld(page);
    await page.goto(server.url + p.path, { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1, name: p.heading });
    await heading.waitFor();
    await expect.poll(() => page.getByText(p.text).first().isVisible()).toBe(true);
    // Mark what the server sent; hydration must adopt these very elements.
    await page.evaluate(() => {
      for (const element of document.querySelectorAll('#root *')) {
        (element as HTMLElement).dataset.fromServer = '';
      }
    });
    const counted = await page.evaluate(() => document.querySelectorAll('#root *').length);

    scripts.release();
    await hydrated(page);
    const kept = await page.evaluate(
      () => document.querySelectorAll('#root [data-from-server]').length,
    );
    expect(kept).toBe(counted);
    expect(await heading.getAttribute('data-from-server')).toBe('');
    // A hydration mismatch is reported as a console error; none, and no CSP violation.
    expect(browser.problems.filter((problem) => !/404 Error|status of 404/.test(problem))).toEqual(
      [],
    );
  });

  it('keeps what a visitor typed before the page came alive, and sends it', async () => {
    const page = await newPage();
    const scripts = await withScriptsHeld(page);
    await page.goto(server.url + paths.register, { waitUntil: 'commit' });
    await fields(page).nome.waitFor();
    const data = validData({ nome: 'Digitou Antes' });
    await fillRegistrationForm(page, data);

    scripts.release();
    await hydrated(page);
    await fields(page).submit.click();
    await page.waitForURL(server.url + paths.thanks);
    await toast(page, 'Inscrição realizada! 🎉').waitFor();
    const stored = await server.app.db.kysely
      .selectFrom('registrations')
      .select(['nome_completo', 'email'])
      .where('email', '=', data.email)
      .executeTakeFirst();
    expect(stored).toEqual({ nome_completo: 'Digitou Antes', email: data.email });
  });
});

describe('the landing page', () => {
  it("fetches the form's code only when the visitor reaches for 'Fazer Inscrição'", async () => {
    const page = await newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(server.url + paths.home, { waitUntil: 'load' });
    await hydrated(page);
    // Settled, not slept on: the page has had an idle moment (when a prefetch on idle would
    // start) and the network has gone quiet.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    await page.waitForLoadState('networkidle');
    const formCode = (list: string[]) => list.filter((path) => /registration-page/.test(path));
    expect(formCode(scripts)).toEqual([]);

    const button = page.getByRole('link', { name: 'Fazer Inscrição' });
    await button.hover();
    await expect.poll(() => formCode(scripts).length).toBe(1);
    await button.click();
    await page.waitForURL(server.url + paths.register);
    await fields(page).nome.waitFor();
  });
});
