// The thank-you page of each outcome in Chromium on a 360 px phone (issue 33.6): received for the
// organizer's approval, confirmed at once (automatic admission: the ticket's page and 'Adicionar à
// agenda' right there), the waiting list (the person's place). The form's toast repeats the page's
// title and never covers its heading; axe finds nothing on any of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eventSettingsSchema } from '../src/shared/event-settings.schema.ts';
import type { EventSettingsInput } from '../src/shared/event-settings.schema.ts';
import {
  api,
  paths,
  thanksConfirmed,
  thanksWaitlisted,
  ticketCalendar,
  ticketPage,
  withCode,
} from '../src/shared/paths.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { animationsDone } from '#test/browser/admin-panel.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { axeViolations, launchBrowser, live, type TestBrowser } from '#test/browser/browser.ts';
import {
  fields,
  fillRegistrationForm,
  toast,
  uniqueEmail,
  validData,
} from '#test/browser/registration-form.ts';

let server: TestServer;
let browser: TestBrowser;
let admin: TestSession;
beforeAll(async () => {
  server = await startAppServer();
  admin = await startSession(server.app.db.kysely);
  browser = await launchBrowser({ viewport: { width: 360, height: 740 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function save(change: Partial<EventSettingsInput>) {
  const current = eventSettingsSchema.parse(
    await (await server.request(api.adminEvent, { headers: { cookie: admin.cookie } })).json(),
  );
  const saved = await server.request(api.adminEvent, {
    method: 'PUT',
    headers: { cookie: admin.cookie },
    json: { ...current, ...change },
  });
  expect(saved.status).toBe(200);
}

/** Registers through the form; back on the thank-you page `path`, with the toast settled. */
async function registerThroughForm(path: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(server.url + paths.register);
  await live(page);
  await fillRegistrationForm(page, validData({ email: uniqueEmail('obrigado') }));
  await fields(page).submit.click();
  await page.waitForURL(server.url + path);
  await page.locator('[data-sonner-toast]').first().waitFor();
  await animationsDone(page);
  return page;
}

/** The toast repeats the heading, word for word, and its box stays clear of the heading's. */
async function expectToastBesideHeading(page: Page) {
  const heading = page.getByRole('heading', { level: 1 });
  const title = (await heading.textContent()) ?? '';
  const repeated = toast(page, title);
  expect(await repeated.count()).toBe(1);
  expect(await repeated.locator('[data-title]').textContent()).toBe(title);
  const a = (await repeated.boundingBox())!;
  const b = (await heading.boundingBox())!;
  const apart =
    a.y + a.height <= b.y || b.y + b.height <= a.y || a.x + a.width <= b.x || b.x + b.width <= a.x;
  expect(apart, `toast ${JSON.stringify(a)} over heading ${JSON.stringify(b)}`).toBe(true);
  expect((await axeViolations(page)).join('\n')).toBe('');
}

describe('the thank-you pages', () => {
  it('says received for approval, with the ticket’s channel', async () => {
    await save({ admission: 'approval', capacity: null, date: '2036-06-05' });
    const page = await registerThroughForm(paths.thanks);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Confirmado!');
    expect(await page.locator('main').textContent()).toContain(
      'Você receberá seu ingresso pelo WhatsApp em breve.',
    );
    expect(await toast(page, 'Confirmado!').textContent()).toContain(
      'Em breve você receberá seu ingresso via WhatsApp.',
    );
    await expectToastBesideHeading(page);
    await page.close();
  });

  it('gives the ticket and the calendar at once when confirmed on arrival', async () => {
    await save({ admission: 'automatic', capacity: 1 });
    const page = await registerThroughForm(thanksConfirmed);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Inscrição confirmada!',
    );
    const ticket = page.getByRole('link', { name: 'Ver meu ingresso' });
    const href = (await ticket.getAttribute('href'))!;
    const code = href.slice(withCode(ticketPage, '').length);
    expect(code).not.toBe('');
    expect(href).toBe(withCode(ticketPage, code));
    expect(await page.getByRole('link', { name: 'Adicionar à agenda' }).getAttribute('href')).toBe(
      withCode(ticketCalendar, code),
    );
    await expectToastBesideHeading(page);
    // The ticket page it links to is this person's.
    await ticket.click();
    await page.waitForURL(server.url + href);
    expect(await page.locator('main').textContent()).toContain('Mostre este QR code na entrada.');
    await page.close();
  });

  it('gives the place on the waiting list when no seat is left', async () => {
    const page = await registerThroughForm(thanksWaitlisted);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Você está na lista de espera',
    );
    expect(await page.locator('main').textContent()).toContain(
      'Você está na 1ª posição da lista de espera.',
    );
    expect(await page.locator('main').textContent()).not.toContain('Você receberá seu ingresso');
    await expectToastBesideHeading(page);
    await page.close();

    const next = await registerThroughForm(thanksWaitlisted);
    expect(await toast(next, 'Você está na lista de espera').textContent()).toContain(
      'Você está na 2ª posição da lista de espera.',
    );
    await next.close();
    expect(browser.problems).toEqual([]);
  });
});
