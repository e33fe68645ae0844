// The visitor's side in a real browser on a 360 px phone: landing, form, thank-you page, and
// every way a registration can fail, against the real server and a real database.
import type { Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiErrors } from '../src/shared/api-error.ts';
import { defaultEvent as event, formatEventDate, formatEventTime } from '../src/shared/event.ts';
import { api, paths, scriptlessPages } from '../src/shared/paths.ts';
import { isValidEmail, messages } from '../src/shared/registration.schema.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import {
  axeViolations,
  hydrated,
  launchBrowser,
  live,
  type TestBrowser,
} from '#test/browser/browser.ts';
import {
  fields,
  fillRegistrationForm,
  toast,
  uniqueEmail,
  validData,
} from '#test/browser/registration-form.ts';

const texts = {
  errorTitle: 'Erro',
  missingRequired: 'Por favor, preencha todos os campos obrigatórios.',
  invalidFields: 'Confira os campos destacados.',
  failed: 'Não foi possível realizar a inscrição. Tente novamente.',
  /** The thank-you page's title, which the toast repeats (decision 0220). */
  successTitle: 'Confirmado!',
  successDescription: 'Em breve você receberá seu ingresso via WhatsApp.',
};

let server: TestServer;
let browser: TestBrowser;
let pages: Page[] = [];
/** Console problems a test provokes on purpose (a 409 is logged by the browser, say). */
let expectedProblems: RegExp[] = [];

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
  expectedProblems = [];
});

afterEach(async () => {
  for (const page of pages) await page.close();
  pages = [];
  const unexpected = browser.problems.filter(
    (problem) => !expectedProblems.some((pattern) => pattern.test(problem)),
  );
  expect(unexpected, 'console errors or CSP violations').toEqual([]);
});

async function open(path: string, { app = scriptlessPages.includes(path) === false } = {}) {
  const page = await browser.newPage();
  pages.push(page);
  await page.goto(server.url + path);
  // The server's HTML shows at once. A page without the app (no script, or the not-found page's
  // one line) is whole as it is; on the others a visitor's taps count once the app has the page,
  // which the form page starts when the visitor shows up.
  if (app) await live(page);
  return page;
}

/** Counts the registrations the page sends. */
function countRegistrationRequests(page: Page): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === api.registrations) {
      counter.count += 1;
    }
  });
  return counter;
}

/** Everything the visitor typed or chose, as the page shows it now. */
async function formState(page: Page) {
  return page.evaluate(() => {
    const form = document.querySelector('form')!;
    const value = (name: string) =>
      (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement).value;
    const checked = (name: string) =>
      form.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value ?? '';
    return {
      nome_completo: value('nome_completo'),
      whatsapp_pais: value('whatsapp_pais'),
      whatsapp: value('whatsapp'),
      email: value('email'),
      nome_compania: value('nome_compania'),
      levar_alguem: checked('levar_alguem'),
      confirmacao: checked('confirmacao'),
    };
  });
}

function storedRegistration(email: string) {
  return server.app.db.kysely
    .selectFrom('registrations')
    .selectAll()
    .where('email_key', '=', email.toLowerCase())
    .executeTakeFirst();
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('landing page', () => {
  it('shows the event, its three highlights, and a button to the form', async () => {
    const page = await open(paths.home);
    await expect.poll(() => page.title()).toBe(event.name);
    const main = page.getByRole('main');
    await expect.poll(() => main.getByRole('heading', { level: 1 }).textContent()).toBe(event.name);
    expect(await main.textContent()).toContain(event.tagline);

    const cards = await main.getByRole('listitem').allTextContents();
    expect(cards).toHaveLength(3);
    // The year, since the event is not this year (issue 33.1), and the venue.
    expect(cards[0]).toContain('6 de dezembro de 2025');
    expect(cards[0]).toContain('Salão de eventos');
    expect(cards[1]).toContain('Segurança em Foco');
    expect(cards[2]).toContain('Networking');

    await expectNoHorizontalScroll(page);
    const button = page.getByRole('link', { name: 'Fazer Inscrição' });
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await button.click();
    await page.waitForURL(server.url + paths.register);
    await expect.poll(() => page.title()).toBe(`Inscrição · ${event.name}`);
  });
});

describe('registration form', () => {
  it('has the spec fields, in order, with names, types, labels and asterisks', async () => {
    const page = await open(paths.register);
    const form = page.locator('form');
    expect(await form.evaluate((f: HTMLFormElement) => f.noValidate)).toBe(true);

    const inputs = await form.evaluate((f: HTMLFormElement) =>
      Array.from(f.querySelectorAll('input:not([type=radio]), select')).map((el) => {
        const input = el as HTMLInputElement;
        const label = document.querySelector(`label[for="${input.id}"]`);
        return {
          name: input.name,
          type: input.type,
          required: input.required,
          autocomplete: input.getAttribute('autocomplete'),
          inputmode: input.getAttribute('inputmode'),
          label: label?.textContent,
          asteriskHidden: label?.querySelector('[aria-hidden="true"]')?.textContent ?? null,
        };
      }),
    );
    expect(inputs).toEqual([
      {
        name: 'nome_completo',
        type: 'text',
        required: true,
        autocomplete: 'name',
        inputmode: null,
        label: 'Nome completo*',
        asteriskHidden: '*',
      },
      {
        name: 'whatsapp_pais',
        type: 'select-one',
        required: false,
        autocomplete: null,
        inputmode: null,
        label: 'País do WhatsApp',
        asteriskHidden: null,
      },
      {
        name: 'whatsapp',
        type: 'tel',
        required: true,
        autocomplete: 'tel-national',
        inputmode: 'tel',
        label: 'WhatsApp*',
        asteriskHidden: '*',
      },
      {
        name: 'email',
        type: 'email',
        required: true,
        autocomplete: 'email',
        inputmode: null,
        label: 'E-mail*',
        asteriskHidden: '*',
      },
      {
        name: 'nome_compania',
        type: 'text',
        required: true,
        autocomplete: 'organization',
        inputmode: null,
        label: 'Nome da empresa*',
        asteriskHidden: '*',
      },
      {
        name: 'website',
        type: 'text',
        required: false,
        autocomplete: 'off',
        inputmode: null,
        label: 'Deixe este campo vazio',
        asteriskHidden: null,
      },
    ]);

    // The WhatsApp field says what the number is for.
    const help = await fields(page).whatsapp.evaluate((el) =>
      el
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' '),
    );
    expect(help).toMatch(/ingresso/);

    const radios = await form.evaluate((f: HTMLFormElement) =>
      Array.from(f.querySelectorAll<HTMLInputElement>('input[type=radio]')).map((input) => ({
        name: input.name,
        value: input.value,
        required: input.required,
        checked: input.checked,
        label: input.closest('label')?.textContent,
        legend: input.closest('fieldset')?.querySelector('legend')?.textContent,
      })),
    );
    expect(radios.map(({ legend: _legend, ...radio }) => radio)).toEqual([
      {
        name: 'levar_alguem',
        value: 'sim',
        required: false,
        checked: false,
        label: 'Ok, entendido.',
      },
      {
        name: 'levar_alguem',
        value: 'nao',
        required: false,
        checked: false,
        label: 'Não tenho ninguém pra levar',
      },
      { name: 'confirmacao', value: 'ok', required: false, checked: false, label: 'Ok' },
      {
        name: 'confirmacao',
        value: 'agenda',
        required: false,
        checked: false,
        label: 'Já coloquei na agenda',
      },
    ]);
    expect(radios[0]!.legend).toBeTruthy();
    expect(radios[2]!.legend).toBeTruthy();
    // The bring-someone question explains how the other person registers.
    const bringHelp = await page.getByRole('group', { name: radios[0]!.legend! }).textContent();
    expect(bringHelp).toMatch(/link/);
    expect(bringHelp).toMatch(/novamente|de novo/);

    const submit = page.locator('button[type=submit]');
    expect(await submit.textContent()).toBe('Confirmar Presença');
    expect(await submit.isEnabled()).toBe(true);
  });

  it('shows the event header with the date, time, venue and city', async () => {
    const page = await open(paths.register);
    const main = page.getByRole('main');
    expect(await main.getByRole('heading', { level: 1 }).textContent()).toBe(event.name);
    const text = await main.textContent();
    expect(text).toContain(event.tagline);
    expect(text).toContain(formatEventDate(event));
    expect(text).toContain('6 de dezembro de 2025');
    expect(text).toContain(formatEventTime(event));
    expect(text).toContain('7:30');
    expect(text).toContain(event.venue);
    expect(text).toContain(event.city);
    await expectNoHorizontalScroll(page);
  });

  it('offers the United States first, Brasil second, then every other country', async () => {
    const page = await open(paths.register);
    const listed = () =>
      fields(page).pais.evaluate((select: HTMLSelectElement) =>
        Array.from(select.options).map((option) => ({ value: option.value, text: option.text })),
      );
    // The page comes with the chosen country alone; the list fills in when the visitor reaches
    // for the picker, here with the keyboard.
    expect(await listed()).toEqual([{ value: 'US', text: 'Estados Unidos (+1)' }]);
    await fields(page).nome.focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('whatsapp_pais');
    const options = await listed();
    expect(await fields(page).pais.inputValue()).toBe('US');
    expect(options[0]).toEqual({ value: 'US', text: 'Estados Unidos (+1)' });
    expect(options[1]).toEqual({ value: 'BR', text: 'Brasil (+55)' });
    expect(options.length).toBeGreaterThan(200);
    expect(new Set(options.map((o) => o.value)).size).toBe(options.length);
    expect(options.find((o) => o.value === 'PT')?.text).toBe('Portugal (+351)');
    // Typing a name on the closed picker chooses it, and the box beside the number says so.
    await page.keyboard.type('Brasil');
    expect(await fields(page).pais.inputValue()).toBe('BR');
    await page.getByText('BR +55', { exact: true }).waitFor();
  });

  it('fills the country list at the touch of the picker, before it opens', async () => {
    const page = await open(paths.register);
    const count = () =>
      fields(page).pais.evaluate((select: HTMLSelectElement) => select.options.length);
    expect(await count()).toBe(1);
    const box = (await fields(page).pais.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    expect(await count()).toBeGreaterThan(200);
    await page.mouse.up();
    await page.keyboard.press('Escape');
  });

  it('gives every control a touch target of at least 44 px', async () => {
    const page = await open(paths.register);
    const heights = await page.evaluate(() => {
      const targets = [
        ...Array.from(
          document.querySelectorAll('form input:not([type=radio]):not([name=website])'),
        ),
        ...Array.from(document.querySelectorAll('form label:has(input[type=radio])')),
        document.querySelector('form select')!.parentElement!,
        ...Array.from(document.querySelectorAll('form button, form a')),
      ];
      return targets.map((el) => Math.round(el.getBoundingClientRect().height));
    });
    expect(heights.length).toBeGreaterThanOrEqual(10);
    for (const height of heights) expect(height).toBeGreaterThanOrEqual(44);
  });

  it('refuses an empty form with the spec toast, marks the fields, and sends nothing', async () => {
    const page = await open(paths.register);
    const requests = countRegistrationRequests(page);
    await fields(page).submit.click();

    const error = toast(page, texts.errorTitle);
    await error.waitFor();
    expect(await error.locator('[data-description]').textContent()).toBe(texts.missingRequired);
    for (const name of ['nome_completo', 'whatsapp', 'email', 'nome_compania']) {
      const input = page.locator(`[name="${name}"]`);
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator(`#${name}-erro`).textContent()).toBe(messages.required);
      expect(await input.getAttribute('aria-describedby')).toContain(`${name}-erro`);
    }
    // The radios are optional.
    expect(await page.locator('input[type=radio][aria-invalid]').count()).toBe(0);
    // The first field to fix has the focus.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe(
      'nome_completo',
    );
    expect(requests.count).toBe(0);
    await expectNoHorizontalScroll(page);
  });

  it('counts a field holding only spaces as empty', async () => {
    const page = await open(paths.register);
    const requests = countRegistrationRequests(page);
    await fillRegistrationForm(page, validData({ nome: '   ', empresa: ' \t ' }));
    await fields(page).submit.click();

    await toast(page, texts.errorTitle).waitFor();
    expect(await page.locator('#nome_completo-erro').textContent()).toBe(messages.required);
    expect(await page.locator('#nome_compania-erro').textContent()).toBe(messages.required);
    expect(await page.locator('#email-erro').textContent()).toBe('');
    expect(requests.count).toBe(0);
  });

  it('shows an invalid phone at the field, with the error toast, and sends nothing', async () => {
    const page = await open(paths.register);
    const requests = countRegistrationRequests(page);
    await fillRegistrationForm(page, validData({ whatsapp: '555-1234' }));
    await fields(page).submit.click();

    // Every field is filled: not the "required" text, and not "try again" either.
    const error = toast(page, texts.errorTitle);
    await error.waitFor();
    expect(await error.locator('[data-description]').textContent()).toBe(texts.invalidFields);
    expect(texts.invalidFields).toBe(apiErrors.validation);
    const message = page.locator('#whatsapp-erro');
    expect(await message.textContent()).toBe(messages.invalidPhone);
    expect(await fields(page).whatsapp.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe(
      'whatsapp',
    );
    expect(await page.locator('button[type=submit]').textContent()).toBe('Confirmar Presença');
    expect(page.url()).toBe(server.url + paths.register);

    // A Brazilian mobile typed without its DDD is refused too.
    await fields(page).pais.focus();
    await fields(page).pais.selectOption('BR');
    await fields(page).whatsapp.fill('91234-5678');
    await fields(page).submit.click();
    await expect.poll(() => message.textContent()).toBe(messages.invalidPhone);

    // Typing again clears the message.
    await fields(page).whatsapp.fill('(11) 91234-5678');
    expect(await message.textContent()).toBe('');
    expect(await fields(page).whatsapp.getAttribute('aria-invalid')).toBeNull();
    expect(requests.count).toBe(0);
  });

  it('shows an invalid e-mail at the field with the schema message and the error toast', async () => {
    const page = await open(paths.register);
    const requests = countRegistrationRequests(page);
    await fillRegistrationForm(page, validData({ email: 'maria@exemplo' + '..com' }));
    await fields(page).submit.click();
    const error = toast(page, texts.errorTitle);
    await error.waitFor();
    expect(await error.locator('[data-description]').textContent()).toBe(texts.invalidFields);
    expect(await page.locator('#email-erro').textContent()).toBe(messages.invalidEmail);
    expect(await fields(page).email.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    expect(requests.count).toBe(0);
  });

  it('keeps the "required" toast when a field is empty and another is invalid', async () => {
    const page = await open(paths.register);
    const requests = countRegistrationRequests(page);
    await fillRegistrationForm(page, validData({ nome: ' ', whatsapp: '555-1234' }));
    await fields(page).submit.click();
    const error = toast(page, texts.errorTitle);
    await error.waitFor();
    expect(await error.locator('[data-description]').textContent()).toBe(texts.missingRequired);
    expect(await page.locator('#nome_completo-erro').textContent()).toBe(messages.required);
    expect(await page.locator('#whatsapp-erro').textContent()).toBe(messages.invalidPhone);
    expect(requests.count).toBe(0);
  });

  it('registers a visitor with a US number: toast, thank-you page, row stored in E.164', async () => {
    const page = await open(paths.register);
    const requests = countRegistrationRequests(page);
    const data = validData({
      nome: '  Maria da Silva  ',
      whatsapp: '(508) 555-1234',
      email: `  ${uniqueEmail('Maria.EUA')}  `,
      levar: 'Ok, entendido.',
      confirmacao: 'Ok',
    });
    await fillRegistrationForm(page, data);
    await fields(page).submit.click();

    const success = toast(page, texts.successTitle);
    await success.waitFor();
    expect(await success.locator('[data-description]').textContent()).toBe(
      texts.successDescription,
    );
    await page.waitForURL(server.url + paths.thanks);
    expect(requests.count).toBe(1);

    const row = await storedRegistration(data.email.trim());
    expect(row).toMatchObject({
      nome_completo: 'Maria da Silva',
      whatsapp: '+15085551234',
      email: data.email.trim(),
      nome_compania: 'Construtora Horizonte',
      levar_alguem: 'sim',
      confirmacao: 'ok',
      status: 'pending',
    });
  });

  it('registers a visitor with Brasil +55 chosen and a national number', async () => {
    const page = await open(paths.register);
    const data = validData({
      nome: 'João Conceição',
      pais: 'BR',
      whatsapp: '(11) 91234-5678',
      email: uniqueEmail('joao.br'),
      empresa: 'Obras & Cia',
      levar: undefined,
      confirmacao: undefined,
    });
    await fillRegistrationForm(page, data);
    expect(await page.locator('form').textContent()).toContain('BR +55');
    await fields(page).submit.click();

    await toast(page, texts.successTitle).waitFor();
    await page.waitForURL(server.url + paths.thanks);
    expect(await storedRegistration(data.email)).toMatchObject({
      nome_completo: 'João Conceição',
      whatsapp: '+5511912345678',
      nome_compania: 'Obras & Cia',
      levar_alguem: null,
      confirmacao: null,
    });
  });

  it('reads "Enviando..." and is disabled while the request is on its way', async () => {
    const page = await open(paths.register);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const held = new Promise<void>((resolve) => (arrived = resolve));
    await page.route(`**${api.registrations}`, async (route: Route) => {
      arrived();
      await released;
      await route.continue();
    });

    await fillRegistrationForm(page, validData());
    const submit = page.locator('button[type=submit]');
    await submit.click();
    await held;
    await expect.poll(() => submit.textContent()).toBe('Enviando...');
    expect(await submit.isDisabled()).toBe(true);

    release();
    await page.waitForURL(server.url + paths.thanks);
  });

  it('sends one request for a double tap', async () => {
    const page = await open(paths.register);
    const requests = countRegistrationRequests(page);
    const data = validData();
    await fillRegistrationForm(page, data);
    await page.locator('button[type=submit]').dblclick();
    await page.waitForURL(server.url + paths.thanks);
    expect(requests.count).toBe(1);
  });

  it('sends one request for two submits in the same moment, before React re-renders', async () => {
    const page = await open(paths.register);
    const requests = countRegistrationRequests(page);
    await fillRegistrationForm(page, validData());
    await page.evaluate(() => {
      const button = document.querySelector<HTMLButtonElement>('button[type=submit]')!;
      button.click();
      button.click();
      button.click();
    });
    await page.waitForURL(server.url + paths.thanks);
    expect(requests.count).toBe(1);
  });

  it('says at the e-mail field that it is already registered (any case) and keeps everything', async () => {
    expectedProblems = [/status of 409/];
    const email = uniqueEmail('Joana.Dupla');
    const first = await server.request(api.registrations, {
      method: 'POST',
      json: {
        nome_completo: 'Joana',
        whatsapp: '+15085551234',
        email,
        nome_compania: 'X',
      },
    });
    expect(first.status).toBe(201);

    const page = await open(paths.register);
    const data = validData({
      nome: 'Joana Dupla',
      pais: 'BR',
      whatsapp: '21 98765-4321',
      email: email.toUpperCase(),
      levar: 'Ok, entendido.',
      confirmacao: 'Ok',
    });
    await fillRegistrationForm(page, data);
    const before = await formState(page);
    await fields(page).submit.click();

    const error = toast(page, texts.errorTitle);
    await error.waitFor();
    expect(await error.locator('[data-description]').textContent()).toBe(texts.failed);
    await expect
      .poll(() => page.locator('#email-erro').textContent())
      .toBe('Este e-mail já está inscrito.');
    expect(await fields(page).email.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    expect(page.url()).toBe(server.url + paths.register);
    expect(await formState(page)).toEqual(before);
    expect(before).toMatchObject({ whatsapp_pais: 'BR', levar_alguem: 'sim', confirmacao: 'ok' });
    expect(await page.locator('button[type=submit]').textContent()).toBe('Confirmar Presença');
  });

  it('puts the server field messages of a 400 on their fields', async () => {
    expectedProblems = [/status of 400/];
    const page = await open(paths.register);
    await page.route(`**${api.registrations}`, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'validation',
            message: apiErrors.validation,
            fields: { nome_compania: messages.tooLong(200), whatsapp: messages.invalidPhone },
          },
        }),
      }),
    );
    await fillRegistrationForm(page, validData());
    const before = await formState(page);
    await fields(page).submit.click();

    await toast(page, texts.errorTitle).waitFor();
    await expect
      .poll(() => page.locator('#nome_compania-erro').textContent())
      .toBe(messages.tooLong(200));
    expect(await page.locator('#whatsapp-erro').textContent()).toBe(messages.invalidPhone);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe(
      'whatsapp',
    );
    expect(await formState(page)).toEqual(before);
  });

  const failures: [string, RegExp, (route: Route) => Promise<void>, string][] = [
    [
      'the server fails (500)',
      /status of 500/,
      (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'internal', message: apiErrors.internal } }),
        }),
      apiErrors.internal,
    ],
    [
      'the visitor is rate-limited (429)',
      /status of 429/,
      (route) =>
        route.fulfill({
          status: 429,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'rate_limited', message: apiErrors.rateLimited } }),
        }),
      apiErrors.rateLimited,
    ],
    [
      'the connection drops',
      /net::ERR_FAILED/,
      (route) => route.abort('failed'),
      'Sem conexão com o servidor. Verifique sua internet.',
    ],
    [
      'a proxy answers with HTML',
      /status of 502/,
      (route) =>
        route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
      apiErrors.unavailable,
    ],
  ];

  it.each(failures)('keeps every value and explains when %s', async (_, problem, fail, reason) => {
    expectedProblems = [problem];
    const page = await open(paths.register);
    await page.route(`**${api.registrations}`, fail);
    await fillRegistrationForm(
      page,
      validData({
        pais: 'BR',
        whatsapp: '(11) 3456-7890',
        levar: 'Ok, entendido.',
        confirmacao: 'Ok',
      }),
    );
    const before = await formState(page);
    await fields(page).submit.click();

    const error = toast(page, texts.errorTitle);
    await error.waitFor();
    const description = await error.locator('[data-description]').textContent();
    expect(description).toContain(texts.failed);
    expect(description).toContain(reason);
    expect(page.url()).toBe(server.url + paths.register);
    expect(await formState(page)).toEqual(before);
    const submit = page.locator('button[type=submit]');
    expect(await submit.textContent()).toBe('Confirmar Presença');
    expect(await submit.isEnabled()).toBe(true);
    // No field is blamed for a failure no field explains.
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
    // The keyboard is back on the button, ready to try again.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('submit');

    // And the visitor can try again once the problem is gone.
    await page.unroute(`**${api.registrations}`);
    await submit.click();
    await page.waitForURL(server.url + paths.thanks);
  });

  it('lands on the thank-you page when the answer to a stored registration was lost and the visitor sends again', async () => {
    expectedProblems = [/net::ERR_FAILED/];
    const page = await open(paths.register);
    // The registration reaches the server and is stored; its answer never reaches the phone.
    let stored = 0;
    await page.route(`**${api.registrations}`, async (route) => {
      const response = await route.fetch();
      if (response.status() === 201) stored += 1;
      await route.abort('failed');
    });
    const data = validData();
    await fillRegistrationForm(page, data);
    await fields(page).submit.click();
    await toast(page, texts.errorTitle).waitFor();
    expect(stored).toBe(1);

    await page.unroute(`**${api.registrations}`);
    await fields(page).submit.click();
    await page.waitForURL(server.url + paths.thanks);
    // Their own page, as the first answer would have given it; one registration stored.
    await page.getByRole('link', { name: /\/inscricao\// }).waitFor();
    const rows = await server.app.db.kysely
      .selectFrom('registrations')
      .select('id')
      .where('email', '=', data.email)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('hides the honeypot from people, screen readers and the Tab key', async () => {
    const page = await open(paths.register);
    const honeypot = page.locator('input[name=website]');
    expect(await page.getByRole('textbox', { name: 'Deixe este campo vazio' }).count()).toBe(0);
    const snapshot = await page.locator('body').ariaSnapshot();
    expect(snapshot).not.toContain('Deixe este campo vazio');
    expect(snapshot).toContain('Nome completo');

    const box = (await honeypot.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(0);
    // Off-screen, not display:none: a bot filling every input still sees it.
    expect(await honeypot.evaluate((el) => getComputedStyle(el).display)).not.toBe('none');
    expect(await honeypot.getAttribute('tabindex')).toBe('-1');
    expect(await honeypot.getAttribute('autocomplete')).toBe('off');
    expect(await honeypot.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true);

    const reached: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      await page.keyboard.press('Tab');
      reached.push(
        await page.evaluate(() => {
          const el = document.activeElement;
          return el?.getAttribute('name') ?? el?.textContent ?? '';
        }),
      );
    }
    expect(reached).toContain('nome_compania');
    expect(reached).toContain('Confirmar Presença');
    expect(reached).not.toContain('website');
  });

  it('answers a bot that fills the honeypot like a success, and stores nothing', async () => {
    const page = await open(paths.register);
    const data = validData();
    await fillRegistrationForm(page, data);
    await page.locator('input[name=website]').fill('http://spam.example', { force: true });
    await fields(page).submit.click();
    await page.waitForURL(server.url + paths.thanks);
    expect(await storedRegistration(data.email)).toBeUndefined();
  });

  it('can be filled and sent with the keyboard alone', async () => {
    const page = await open(paths.register);
    const email = uniqueEmail('teclado');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('name'));

    await page.keyboard.press('Tab');
    expect(await focused()).toBe('nome_completo');
    await page.keyboard.type('Teresa Teclado');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('whatsapp_pais');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('whatsapp');
    await page.keyboard.type('508 555 1234');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('email');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('nome_compania');
    await page.keyboard.type('Teclas Ltda');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('levar_alguem');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('confirmacao');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Confirmar Presença',
    );
    await page.keyboard.press('Enter');

    await page.waitForURL(server.url + paths.thanks);
    expect(await storedRegistration(email)).toMatchObject({
      nome_completo: 'Teresa Teclado',
      whatsapp: '+15085551234',
      levar_alguem: 'sim',
      confirmacao: 'agenda',
    });
    // The thank-you page takes the focus, and its button is one Tab away.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Confirmado!');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Voltar para Início',
    );
    await page.keyboard.press('Enter');
    await page.waitForURL(server.url + paths.register);
  });

  it('agrees with the browser on which e-mail addresses are valid', async () => {
    const page = await open(paths.register);
    const addresses = [
      'maria@exemplo.com',
      'Maria.Silva@Exemplo.COM.br',
      'maria+eventos@exemplo.com',
      "o'reilly@exemplo.com",
      "!#$%&'*+/=?^_`{|}~-@exemplo.com",
      '.maria.@exemplo.com',
      'maria@localhost',
      '1@2.3',
      'maria',
      'maria@',
      '@exemplo.com',
      'maria@@exemplo.com',
      'maria silva@exemplo.com',
      'maria@exemplo..com',
      'maria@.exemplo.com',
      'maria@exemplo.com.',
      'maria@-exemplo.com',
      'maria@exemplo-.com',
      'maria@exem_plo.com',
      '"maria"@exemplo.com',
      'maria@[127.0.0.1]',
      'joão@exemplo.com',
      'maria@exemplo.com.bŕ',
      'maria@exemplo.com,joao@exemplo.com',
      'maria(comentário)@exemplo.com',
      `maria@${'a'.repeat(63)}.com`,
      `maria@${'a'.repeat(64)}.com`,
    ];
    const browserVerdicts = await fields(page).email.evaluate(
      (input: HTMLInputElement, list) =>
        list.map((address) => {
          input.value = address;
          return input.checkValidity();
        }),
      addresses,
    );
    const ours = addresses.map((address) => isValidEmail(address));
    expect(Object.fromEntries(addresses.map((a, i) => [a, ours[i]]))).toEqual(
      Object.fromEntries(addresses.map((a, i) => [a, browserVerdicts[i]])),
    );
    // Both sides accept some and refuse some: the list tests the rule, not a constant.
    expect(ours.filter(Boolean).length).toBeGreaterThan(5);
    expect(ours.filter((ok) => !ok).length).toBeGreaterThan(10);
  });

  it('links to the privacy page near the button', async () => {
    const page = await open(paths.register);
    await page.getByRole('link', { name: 'Como usamos seus dados' }).click();
    await page.waitForURL(server.url + paths.privacy);
    await page.getByRole('heading', { level: 1 }).waitFor();
  });
  it('keeps what was typed across a visit to the privacy page and a reload', async () => {
    const page = await open(paths.register);
    await fillRegistrationForm(
      page,
      validData({ pais: 'BR', whatsapp: '(21) 98765-4321', levar: 'Ok, entendido.' }),
    );
    await page.locator('input[name=website]').fill('bot', { force: true });
    const typed = await formState(page);

    await page.getByRole('link', { name: 'Como usamos seus dados' }).click();
    await page.waitForURL(server.url + paths.privacy);
    await page.getByRole('link', { name: 'Voltar para a inscrição' }).click();
    await page.waitForURL(server.url + paths.register);
    // The draft comes back once the form's checks have loaded.
    await expect.poll(() => formState(page)).toEqual(typed);

    await page.reload();
    await hydrated(page);
    await expect.poll(() => formState(page)).toEqual(typed);
    // Not the honeypot, though.
    expect(await page.locator('input[name=website]').inputValue()).toBe('');

    // Once registered, the form starts empty again.
    await fields(page).submit.click();
    await page.waitForURL(server.url + paths.thanks);
    await page.getByRole('link', { name: 'Voltar para Início' }).click();
    await page.waitForURL(server.url + paths.register);
    await fields(page).nome.waitFor();
    expect(await formState(page)).toMatchObject({ nome_completo: '', whatsapp_pais: 'US' });
  });
});

describe('registration form against a rate-limited server', () => {
  let limited: TestServer;

  beforeAll(async () => {
    limited = await startAppServer({ REGISTRATION_RATE_LIMIT: '1' });
  });

  afterAll(async () => {
    await limited?.close();
  });

  it('shows the server reason when the limit is reached, and keeps the values', async () => {
    expectedProblems = [/status of 429/];
    const page = await browser.newPage();
    pages.push(page);
    await page.goto(limited.url + paths.register);
    await live(page);
    await fillRegistrationForm(page, validData());
    await fields(page).submit.click();
    await page.waitForURL(limited.url + paths.thanks);

    await page.goto(limited.url + paths.register);
    await live(page);
    await fillRegistrationForm(page, validData({ pais: 'BR', whatsapp: '(11) 91234-5678' }));
    const before = await formState(page);
    await fields(page).submit.click();
    const error = toast(page, texts.errorTitle);
    await error.waitFor();
    const description = await error.locator('[data-description]').textContent();
    expect(description).toContain(texts.failed);
    expect(description).toContain(apiErrors.rateLimited);
    expect(await formState(page)).toEqual(before);
  });
});

describe('thank-you page', () => {
  it('confirms, says the ticket comes by WhatsApp, shows the event, and leads back to the form', async () => {
    const page = await open(paths.thanks);
    const main = page.getByRole('main');
    expect(await main.getByRole('heading', { level: 1 }).textContent()).toBe('Confirmado!');
    const text = await main.textContent();
    expect(text).toContain('Sua inscrição foi realizada com sucesso!');
    expect(text).toMatch(/ingresso pelo WhatsApp/);
    expect(text).toContain('6 de dezembro de 2025');
    expect(text).toContain('7:30');
    expect(text).toContain(event.venue);
    expect(text).toContain(event.city);
    await expect.poll(() => page.title()).toContain(event.name);
    await expectNoHorizontalScroll(page);

    await page.getByRole('link', { name: 'Voltar para Início' }).click();
    await page.waitForURL(server.url + paths.register);
  });
});

describe('not-found page', () => {
  it('answers 404 with the page, logs the miss once, and links home', async () => {
    const notFoundLog =
      'error: 404 Error: User attempted to access non-existent route: /nao-existe';
    expectedProblems = [/status of 404/, /^error: 404 Error: User attempted/];
    const page = await browser.newPage();
    pages.push(page);
    const response = await page.goto(`${server.url}/nao-existe`);
    expect(response?.status()).toBe(404);

    const main = page.getByRole('main');
    await main.getByText('Oops! Page not found').waitFor();
    expect(await main.textContent()).toContain('404');
    // Logged by the page's script, once it runs.
    await expect.poll(() => browser.problems.filter((p) => p === notFoundLog)).toHaveLength(1);

    await page.getByRole('link', { name: 'Voltar para o início' }).click();
    await page.waitForURL(server.url + paths.home);
    expect(browser.problems.filter((p) => p.startsWith('error: 404 Error'))).toHaveLength(1);
  });
});

describe('privacy page', () => {
  it('says who, what, why, on what basis, who sees it, for how long, and how to ask', async () => {
    const page = await open(paths.privacy);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1 }).waitFor();
    const headings = await main.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual([
      'Quem coleta os dados',
      'Quais dados coletamos',
      'Para que usamos',
      'Base legal',
      'Quem tem acesso',
      'Por quanto tempo guardamos',
      'Seus direitos',
      'Como pedir',
    ]);
    const text = await main.textContent();
    expect(text).toContain(event.organizer);
    expect(text).toContain('LGPD');
    expect(text).toContain(`${event.retentionDays} dias`);
    // Nothing deletes them by itself: the organization keeps them until a date, then deletes
    // them, and anyone can ask for an earlier deletion.
    const retention = main.getByRole('region', { name: 'Por quanto tempo guardamos' });
    const retentionText = await retention.textContent();
    expect(retentionText).toContain(
      `A organização guarda os seus dados até ${event.retentionDays} dias depois do evento, ou seja, até 6 de março de 2026, e então apaga as inscrições.`,
    );
    expect(retentionText).toContain('apagados antes disso');
    expect(retentionText).not.toMatch(/são apagadas|automaticamente/);
    expect(
      await retention.getByRole('link', { name: event.contactEmail }).getAttribute('href'),
    ).toMatch(new RegExp(`^mailto:${event.contactEmail.replace('.', '\\.')}`));
    expect(text).toMatch(/WhatsApp/);
    expect(text).toMatch(/check-in/);
    expect(text).toMatch(/consentimento/);
    for (const right of ['acesso', 'corrigir', 'apagar', 'revogar']) expect(text).toContain(right);

    const mail = main
      .getByRole('region', { name: 'Como pedir' })
      .getByRole('link', { name: event.contactEmail });
    expect(await mail.getAttribute('href')).toMatch(
      new RegExp(`^mailto:${event.contactEmail.replace('.', '\\.')}`),
    );
    await expect.poll(() => page.title()).toBe(`Privacidade · ${event.name}`);
    await expectNoHorizontalScroll(page);

    await main.getByRole('link', { name: 'Voltar para a inscrição' }).click();
    await page.waitForURL(server.url + paths.register);
  });
});

describe('accessibility', () => {
  it.each([
    ['landing', paths.home],
    ['form', paths.register],
    ['thank-you', paths.thanks],
    ['privacy', paths.privacy],
  ])('has no axe violations on the %s page', async (_, path) => {
    const page = await open(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('has no axe violations on the form with its errors and toast shown', async () => {
    const page = await open(paths.register);
    await fields(page).email.fill('maria@');
    await fields(page).submit.click();
    await toast(page, texts.errorTitle).waitFor();
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(4);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('has no axe violations on the not-found page', async () => {
    expectedProblems = [/status of 404/, /^error: 404 Error: User attempted/];
    const page = await open('/nao-existe', { app: false });
    await page.getByText('Oops! Page not found').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('has no axe violations after a successful registration, with the toast shown', async () => {
    const page = await open(paths.register);
    await fillRegistrationForm(page, validData());
    await fields(page).submit.click();
    await page.waitForURL(server.url + paths.thanks);
    await toast(page, texts.successTitle).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
