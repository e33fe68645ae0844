// The public pages arrive as HTML that already shows them and paint with no script at all. Those
// that never change once rendered run none, ever; the form page's app takes the page over in
// place when the visitor shows up (nothing is thrown away and re-rendered), keeps what the visitor
// typed before that, and sends a form sent before it ran (docs/decisions/0100).
import type { Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../src/shared/paths.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { hydrated, launchBrowser, live, type TestBrowser } from '#test/browser/browser.ts';
import { fields, fillRegistrationForm, toast, validData } from '#test/browser/registration-form.ts';

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

/**
 * Holds back every script whose path matches `held` until `release()`: the page as it is before
 * any (or some) JavaScript runs.
 */
async function withScriptsHeld(page: Page, held: RegExp = /./) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*.js', async (route: Route) => {
    if (held.test(new URL(route.request().url()).pathname)) await released;
    await route.continue();
  });
  return { release };
}

/** The app's own entry: held, the app cannot run; the form page's small entry still does. */
const appEntry = /^\/assets\/index-[\w-]+\.js$/;

/** Records the path of every script the page requests. */
function scriptRequests(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (/\.js$/.test(new URL(request.url()).pathname))
      scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/** Whether React has the page (its root element carries React's own fiber property). */
function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const first = document.querySelector('#root > *');
    return first !== null && Object.keys(first).some((key) => key.startsWith('__reactFiber'));
  });
}

/** The page has loaded, had an idle moment, and its network has gone quiet. */
async function settled(page: Page) {
  await page.waitForLoadState('load');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await page.waitForLoadState('networkidle');
}

const scriptless = [
  { path: paths.home, heading: 'Build Safe', text: 'Segurança em Foco' },
  { path: paths.thanks, heading: 'Confirmado!', text: 'Voltar para Início' },
  { path: paths.privacy, heading: 'Como usamos seus dados', text: 'Seus direitos' },
];

/** Marks every element the server sent; `kept()` counts those still in the page. */
async function markServerElements(page: Page) {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll('#root *')) {
      (element as HTMLElement).dataset.fromServer = '';
    }
  });
  const counted = await page.evaluate(() => document.querySelectorAll('#root *').length);
  const kept = () =>
    page.evaluate(() => document.querySelectorAll('#root [data-from-server]').length);
  return { counted, kept };
}

describe('pages that never change once rendered', () => {
  it.each(scriptless)('$path arrives whole, with no script at all', async (p) => {
    const page = await newPage();
    const scripts = scriptRequests(page);
    await page.goto(server.url + p.path);
    await page.getByRole('heading', { level: 1, name: p.heading }).waitFor();
    expect(await page.getByText(p.text).first().isVisible()).toBe(true);
    await settled(page);
    expect(scripts).toEqual([]);
    // Not even a JSON data block: nothing would read it.
    expect(await page.evaluate(() => document.scripts.length)).toBe(0);
    // Every class on the page has its rules in the page's own style sheet.
    expect(await classesWithoutRules(page)).toEqual([]);
    expect(browser.problems).toEqual([]);
  });

  it("links the landing page's button to the form as a page of its own", async () => {
    const page = await newPage();
    const scripts = scriptRequests(page);
    await page.goto(server.url + paths.home);
    await settled(page);
    expect(scripts).toEqual([]);
    await page.getByRole('link', { name: 'Fazer Inscrição' }).click();
    await page.waitForURL(server.url + paths.register);
    await fields(page).nome.waitFor();
  });
});

/** Class names on the page's elements that no rule of its style sheets mentions. */
function classesWithoutRules(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selectors: string[] = [];
    const collect = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
        if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules);
    const all = selectors.join(' ');
    const classes = new Set<string>();
    for (const element of document.querySelectorAll('#root [class]')) {
      element.classList.forEach((name) => classes.add(name));
    }
    return [...classes]
      .filter((name) => !all.includes(`.${CSS.escape(name)}`))
      .filter((name) => !name.startsWith('lucide')) // the icons' own markers, styled by nothing
      .sort();
  });
}

describe('the form page', () => {
  it('shows before any script runs, and the app takes it over in place when the visitor shows up', async () => {
    const page = await newPage();
    const scripts = await withScriptsHeld(page);
    await page.goto(server.url + paths.register, { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1, name: 'Build Safe' });
    await heading.waitFor();
    await expect.poll(() => page.getByText('Confirmar Presença').isVisible()).toBe(true);
    expect(await classesWithoutRules(page)).toEqual([]);
    const { counted, kept } = await markServerElements(page);

    scripts.release();
    await settled(page);
    // Loaded, painted and idle: the app's code is there, but nothing runs it yet.
    expect(await isHydrated(page)).toBe(false);
    await live(page);
    // Hydration adopted every element the server sent, none thrown away.
    expect(await kept()).toBe(counted);
    expect(await heading.getAttribute('data-from-server')).toBe('');
    // A hydration mismatch is reported as a console error; none, and no CSP violation.
    expect(browser.problems).toEqual([]);
  });

  it("fetches the app's code once the page has painted, and runs none of it", async () => {
    const page = await newPage();
    const scripts = scriptRequests(page);
    await page.goto(server.url + paths.register);
    await settled(page);
    // In the cache for the visitor's first touch: the app's entry and what it imports.
    expect(scripts.filter((path) => appEntry.test(path))).toHaveLength(1);
    expect(scripts.some((path) => /\/shell-[\w-]+\.js$/.test(path))).toBe(true);
    expect(await isHydrated(page)).toBe(false);
    expect(browser.problems).toEqual([]);
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
    await toast(page, 'Confirmado!').waitFor();
    expect(await stored(data.email)).toMatchObject({
      nome_completo: 'Digitou Antes',
      email: data.email,
    });
  });

  it('sends a form sent before the app ran once the app has it, with what was typed', async () => {
    const page = await newPage();
    // The page's own entry runs; the app waits.
    const app = await withScriptsHeld(page, appEntry);
    await page.goto(server.url + paths.register);
    const data = validData({ nome: 'Enviou Cedo', pais: 'BR', whatsapp: '(11) 91234-5678' });
    await fillRegistrationForm(page, data);
    await fields(page).submit.click();
    // Held, not posted to the page's address.
    expect(page.url()).toBe(server.url + paths.register);
    expect(await stored(data.email)).toBeUndefined();

    app.release();
    await page.waitForURL(server.url + paths.thanks);
    await toast(page, 'Confirmado!').waitFor();
    expect(await stored(data.email)).toEqual({
      nome_completo: 'Enviou Cedo',
      email: data.email,
      whatsapp: '+5511912345678',
    });
  });

  it("answers an empty form sent before the app ran with the app's own messages", async () => {
    const page = await newPage();
    const app = await withScriptsHeld(page, appEntry);
    await page.goto(server.url + paths.register);
    await fields(page).submit.click();
    app.release();
    await toast(page, 'Erro').waitFor();
    expect(await fields(page).nome.getAttribute('aria-invalid')).toBe('true');
  });

  it('fills the country list when the visitor reaches for the picker, before the app runs', async () => {
    const page = await newPage();
    await withScriptsHeld(page, appEntry);
    await page.goto(server.url + paths.register);
    const count = () =>
      fields(page).pais.evaluate((select: HTMLSelectElement) => select.options.length);
    expect(await count()).toBe(1);
    await fields(page).pais.focus();
    expect(await count()).toBeGreaterThan(200);
    await fields(page).pais.selectOption('BR');
    expect(await fields(page).pais.inputValue()).toBe('BR');
    expect(await isHydrated(page)).toBe(false);
  });
});

describe('the not-found page', () => {
  it('arrives whole with its own sheet and one small script that logs the miss; the app never starts', async () => {
    const page = await newPage();
    const scripts = scriptRequests(page);
    const response = await page.goto(`${server.url}/nao-existe`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: '404' }).waitFor();
    expect(await page.getByText('Oops! Page not found').isVisible()).toBe(true);
    await settled(page);
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/not-found-entry-[\w-]+\.js$/)]);
    expect(await isHydrated(page)).toBe(false);
    expect(await classesWithoutRules(page)).toEqual([]);
    expect(browser.problems.filter((problem) => !/status of 404/.test(problem))).toEqual([
      'error: 404 Error: User attempted to access non-existent route: /nao-existe',
    ]);
  });
});

function stored(email: string) {
  return server.app.db.kysely
    .selectFrom('registrations')
    .select(['nome_completo', 'email', 'whatsapp'])
    .where('email', '=', email)
    .executeTakeFirst();
}
