// A form sent while the form page's script is not there (JavaScript off, the entry's request lost
// on a flaky connection, a browser too old for modules) is posted by the browser to /convite and
// taken there: refused, it comes back filled with the message at the field; sent, the visitor
// lands on the thank-you page (decision 0209). And a form sent while the app's code cannot load
// says so at the button (docs/decisions/0177).
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../src/shared/paths.ts';
import { fieldMessages } from '../src/shared/registration.fields.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { axeViolations, launchBrowser, live, type TestBrowser } from '#test/browser/browser.ts';
import { fields, fillRegistrationForm, toast, validData } from '#test/browser/registration-form.ts';

let server: TestServer;
let browser: TestBrowser;
/** The same Chromium with JavaScript off: a page as a browser that runs none of it sees it. */
let noScript: BrowserContext;
let noScriptBrowser: TestBrowser | undefined;
let pages: Page[] = [];

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser({ viewport: { width: 360, height: 740 } });
  noScriptBrowser = await launchBrowser({
    viewport: { width: 360, height: 740 },
    javaScriptEnabled: false,
  });
  noScript = noScriptBrowser.context;
});
afterAll(async () => {
  await noScriptBrowser?.close();
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

async function newPage(context?: BrowserContext): Promise<Page> {
  const page = context ? await context.newPage() : await browser.newPage();
  pages.push(page);
  return page;
}

/** The form's main fields as they are now. */
async function typedValues(page: Page) {
  const f = fields(page);
  return {
    nome: await f.nome.inputValue(),
    whatsapp: await f.whatsapp.inputValue(),
    email: await f.email.inputValue(),
    empresa: await f.empresa.inputValue(),
  };
}

/** Classes of the elements matching `selector` that no rule of the page's style sheets names. */
function classesWithoutRules(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const rules = [...document.styleSheets]
      .map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText).join(' '))
      .join(' ');
    const classes = [...document.querySelectorAll(selector)].flatMap((e) => [...e.classList]);
    return [...new Set(classes)].filter(
      (name) => !name.startsWith('lucide') && !rules.includes(`.${CSS.escape(name)}`),
    );
  }, selector);
}

/** Sends the form as the browser posts it itself; it lands on the thank-you page (0209). */
async function registersWithoutTheApp(page: Page, { scripts }: { scripts: boolean }) {
  const data = validData({ nome: 'Sem Script', empresa: 'Construtora "Aspas" & Cia' });
  await fillRegistrationForm(page, { ...data, whatsapp: '123' });
  await fields(page).submit.click();
  // Refused: the form again, filled, with the message at the phone's field.
  await page.getByText(fieldMessages.invalidPhone).waitFor();
  expect(page.url()).toBe(server.url + paths.register);
  expect(await fields(page).whatsapp.getAttribute('aria-invalid')).toBe('true');
  expect(await typedValues(page)).toEqual({
    nome: data.nome,
    whatsapp: '123',
    email: data.email,
    empresa: data.empresa,
  });
  expect(await page.getByRole('radio', { name: data.confirmacao!, exact: true }).isChecked()).toBe(
    true,
  );
  expect(await classesWithoutRules(page, '#root, #root *')).toEqual([]);
  // axe's checks run as the page's script (asynchronously): not where scripts are off.
  if (scripts) expect(await axeViolations(page)).toEqual([]);
  expect(await stored(data.email)).toBeUndefined();

  await fields(page).whatsapp.fill(data.whatsapp);
  await fields(page).submit.click();
  await page.waitForURL(server.url + paths.thanks);
  await page.getByRole('heading', { level: 1, name: 'Confirmado!' }).waitFor();
  expect(await stored(data.email)).toMatchObject({
    nome_completo: data.nome,
    nome_compania: data.empresa,
  });
  return data;
}

describe('a form sent with no script to hold it (decision 0209)', () => {
  it('with JavaScript off: registers, and lands on the thank-you page', async () => {
    const page = await newPage(noScript);
    await page.goto(server.url + paths.register);
    await registersWithoutTheApp(page, { scripts: false });
  });

  it("when the page's entry never arrived: the same", async () => {
    const page = await newPage();
    await page.route(/\/assets\/form-page-entry-[\w-]+\.js$/, (route) => route.abort());
    await page.goto(server.url + paths.register);
    await registersWithoutTheApp(page, { scripts: true });
  });
});

describe("a form sent while the app's code cannot load", () => {
  /** The app's entry fails to load, as offline: the page's own entry runs, the app cannot. */
  async function appCodeFails(page: Page) {
    await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
  }
  const notice = (page: Page) => page.getByRole('alert').filter({ hasText: 'não terminou' });

  it('says at the button that it was not sent, and sends it once the code loads', async () => {
    const page = await newPage();
    await appCodeFails(page);
    await page.goto(server.url + paths.register);
    const data = validData({ nome: 'Conexão Caiu' });
    await fillRegistrationForm(page, data);
    await fields(page).submit.click();
    await notice(page).waitFor();
    expect(await notice(page).textContent()).toBe(
      'O formulário não terminou de carregar e sua inscrição não foi enviada. Verifique sua conexão e toque em “Confirmar Presença” de novo.',
    );
    expect(page.url()).toBe(server.url + paths.register);
    expect(await stored(data.email)).toBeUndefined();
    expect(await classesWithoutRules(page, '[role="alert"]')).toEqual([]);
    // In sight on a phone, below the button, which stays in sight too.
    const inView = (element: Element) => {
      const { top, bottom } = element.getBoundingClientRect();
      return top >= 0 && bottom <= innerHeight;
    };
    expect(await notice(page).evaluate(inView)).toBe(true);
    expect(await fields(page).submit.evaluate(inView)).toBe(true);

    await page.unrouteAll();
    await fields(page).submit.click();
    await page.waitForURL(server.url + paths.thanks);
    await toast(page, 'Confirmado!').waitFor();
    expect(await stored(data.email)).toMatchObject({ nome_completo: 'Conexão Caiu' });
    expect(browser.problems.filter((p) => !/ERR_INTERNET_DISCONNECTED/.test(p))).toEqual([]);
  });

  it('takes the notice away when the app takes the form over, with no hydration error', async () => {
    const page = await newPage();
    await appCodeFails(page);
    await page.goto(server.url + paths.register);
    // Empty: the browser's own check refuses it, and the entry holds it for the app's messages.
    await fields(page).submit.click();
    await notice(page).waitFor();

    // The connection is back and the visitor moves: the app hydrates the form, notice and all,
    // keeping the elements the server sent (a mismatch would have rendered them anew).
    await page.locator('form').evaluate((form) => (form.dataset.fromServer = ''));
    await page.unrouteAll();
    await live(page);
    await toast(page, 'Erro').waitFor();
    expect(await page.locator('form').getAttribute('data-from-server')).toBe('');
    expect(await fields(page).nome.getAttribute('aria-invalid')).toBe('true');
    expect(await notice(page).count()).toBe(0);
    expect(browser.problems.filter((p) => !/ERR_INTERNET_DISCONNECTED/.test(p))).toEqual([]);
  });
});

function stored(email: string) {
  return server.app.db.kysely
    .selectFrom('registrations')
    .select(['nome_completo', 'nome_compania', 'email'])
    .where('email', '=', email)
    .executeTakeFirst();
}
