// A full event and "I can no longer come" in Chromium, on a 360 px phone (issue 19, decision
// 0130): the form's thank-you page when no seat is left promises no ticket; the person's own page
// shows the waiting list's place, and its cancellation (link, confirmation step, form POST) works
// without any script, gives the seat to the next person and leaves the page saying so. axe finds
// nothing on any of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventSettingsSchema } from '../src/shared/event-config.schema.ts';
import { api, attendeePage, paths, thanksWaitlisted, withCode } from '../src/shared/paths.ts';
import { startSession, type TestSession } from '../src/server/test-support/sessions.ts';
import type { TestServer } from '../src/server/test-support/test-server.ts';
import { animationsDone } from './support/admin-panel.ts';
import { startAppServer } from './support/app-server.ts';
import { axeViolations, launchBrowser, live, type TestBrowser } from './support/browser.ts';
import { fields, fillRegistrationForm, validData } from './support/registration-form.ts';

let server: TestServer;
let browser: TestBrowser;
let admin: TestSession;
beforeAll(async () => {
  server = await startAppServer();
  admin = await startSession(server.app.db.kysely);
  const current = eventSettingsSchema.parse(
    await (await server.request(api.adminEvent, { headers: { cookie: admin.cookie } })).json(),
  );
  // One seat, first come first served.
  const saved = await server.request(api.adminEvent, {
    method: 'PUT',
    headers: { cookie: admin.cookie },
    json: { ...current, capacity: 1, admission: 'automatic' },
  });
  expect(saved.status).toBe(200);
  browser = await launchBrowser({ viewport: { width: 360, height: 740 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The person's own token, as their e-mail would carry it (read where the outbox reads it). */
async function tokenOf(email: string): Promise<string> {
  const row = await server.app.db.kysely
    .selectFrom('registrations')
    .select('personal_token')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.personal_token!;
}

async function registerThroughForm(email: string) {
  const page = await browser.newPage();
  await page.goto(server.url + paths.register);
  await live(page);
  await fillRegistrationForm(page, validData({ email }));
  await fields(page).submit.click();
  return page;
}

describe('a full event', () => {
  it('takes the first registration, then leads the next to the waiting list’s thank-you page', async () => {
    const first = `primeira.${Date.now()}@exemplo.com`;
    const firstPage = await registerThroughForm(first);
    await firstPage.waitForURL(server.url + paths.thanks);
    await firstPage.close();

    const second = `segunda.${Date.now()}@exemplo.com`;
    const page = await registerThroughForm(second);
    await page.waitForURL(server.url + thanksWaitlisted);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Você está na lista de espera');
    expect(await page.locator('main').textContent()).not.toContain('Você receberá seu ingresso');
    // The form's toast, once it has settled (mid-animation its text is still faint).
    await page.locator('[data-sonner-toast]').first().waitFor();
    await animationsDone(page);
    expect((await axeViolations(page)).join('\n')).toBe('');

    // Loaded again (a reload, a shared link): the same page, from the server, without script.
    const again = await browser.newPage();
    const scripts: string[] = [];
    again.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await again.goto(server.url + thanksWaitlisted);
    expect(await again.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Você está na lista de espera',
    );
    expect(scripts).toEqual([]);
    await again.close();
    await page.close();

    // The waiting person's own page: their place in the line.
    const waiting = await browser.newPage();
    await waiting.goto(server.url + withCode(attendeePage, await tokenOf(second)));
    expect(await waiting.locator('main').textContent()).toContain(
      'Você está na lista de espera, na posição 1',
    );
    expect((await axeViolations(waiting)).join('\n')).toBe('');

    // The first cannot come: their page, the confirmation step, the form, by keyboard.
    const own = await browser.newPage();
    const ownScripts: string[] = [];
    own.on('request', (request) => {
      if (request.resourceType() === 'script') ownScripts.push(request.url());
    });
    await own.goto(server.url + withCode(attendeePage, await tokenOf(first)));
    expect(await own.locator('main').textContent()).toContain('Inscrição confirmada');
    expect((await axeViolations(own)).join('\n')).toBe('');
    await own.getByRole('link', { name: 'Não poderei comparecer' }).focus();
    await own.keyboard.press('Enter');
    await own.waitForURL(/\/cancelar$/);
    await expect
      .poll(() => own.getByRole('heading', { name: 'Cancelar sua inscrição?' }).count())
      .toBe(1);
    expect((await axeViolations(own)).join('\n')).toBe('');
    await own.getByRole('button', { name: 'Sim, cancelar minha inscrição' }).focus();
    await own.keyboard.press('Enter');
    await own.waitForURL(server.url + withCode(attendeePage, await tokenOf(first)));
    expect(await own.locator('main').textContent()).toContain('Inscrição cancelada');
    expect(await own.getByRole('link', { name: 'Não poderei comparecer' }).count()).toBe(0);
    expect((await axeViolations(own)).join('\n')).toBe('');
    // All of it without a line of script.
    expect(ownScripts).toEqual([]);
    await own.close();

    // The seat went to the person waiting: their page now has the ticket.
    await waiting.reload();
    expect(await waiting.locator('main').textContent()).toContain('Inscrição confirmada');
    expect(await waiting.getByRole('link', { name: 'Ver meu ingresso' }).count()).toBe(1);
    await waiting.close();
    expect(browser.problems).toEqual([]);
  });
});
