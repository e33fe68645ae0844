// Shared steps of the admin-panel browser tests: an admin account, logging in through the form
// (for the tests about logging in) or a session made directly (for all the others),
// registrations made through the public API, and console problems filtered precisely.
import type { Page } from 'playwright-core';
import type { EventSettings } from '../../src/shared/event-settings.schema.ts';
import { api, paths } from '../../src/shared/paths.ts';
import { startSession, type TestSession } from '../api/sessions.ts';
import { register as registerThroughApi, type TestServer } from '../servers/test-server.ts';
import type { TestBrowser } from './browser.ts';

export const admin = {
  ADMIN_EMAIL: 'organizacao@exemplo.com',
  ADMIN_PASSWORD: 'senha-forte-do-painel-2025',
};

export async function logInThroughForm(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/admin`);
  await page.getByLabel('E-mail').fill(admin.ADMIN_EMAIL);
  await page.getByLabel('Senha').fill(admin.ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('heading', { level: 1, name: 'Painel Administrativo' }).waitFor();
}

/**
 * Opens the panel already signed in: an admin session made in the database, its cookie set in
 * the page's browser context (no scrypt run, no login form).
 */
export async function openPanel(page: Page, server: TestServer): Promise<void> {
  await signIn(page, server, await startSession(server.app.db.kysely));
  await page.goto(server.url + paths.admin);
  await page.getByRole('heading', { level: 1, name: 'Painel Administrativo' }).waitFor();
}

/** Signs the page's browser in with `session` (its cookie, as the login would set it). */
export async function signIn(page: Page, server: TestServer, session: TestSession) {
  await page.context().addCookies([
    {
      name: session.name,
      value: session.value,
      url: server.url,
      httpOnly: true,
      sameSite: 'Strict',
    },
  ]);
}

/** A registration made the way a visitor makes one (a phone typed as people type it). */
export function register(server: TestServer, overrides: Record<string, unknown> = {}) {
  return registerThroughApi(server, { whatsapp: '(508) 555-1234', ...overrides });
}

/** Waits for running animations (cards fading in) to end: axe judges the settled page. */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // Two frames first: an element mounted just now (a toast) starts its transition only when
    // its attributes change on a later frame, and is not among the animations before that.
    for (let frame = 0; frame < 2; frame++) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})));
  });
}

/** The card (list item) of one registration, found by the person's name. */
export function card(page: Page, name: string) {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/**
 * Watches a page's console for the 401 answers a logged-out admin page gets by design (the
 * session check, a wrong password, a stream after logout); `unexpected(problems)` returns the
 * browser helper's problems minus exactly those.
 */
export function expected401s(page: Page, allowedPaths: readonly string[]) {
  let count = 0;
  page.on('console', (message) => {
    if (message.type() !== 'error' || !/status of 401/.test(message.text())) return;
    const url = message.location().url;
    if (url && allowedPaths.includes(new URL(url).pathname)) count += 1;
  });
  return {
    unexpected(problems: readonly string[]): string[] {
      let left = count;
      return problems.filter((problem) => {
        if (
          left > 0 &&
          /Failed to load resource: the server responded with a status of 401/.test(problem)
        ) {
          left -= 1;
          return false;
        }
        return true;
      });
    },
  };
}

/** The current edition's settings, as the API serves them to an admin. */
export async function storedSettings(server: TestServer, session: TestSession) {
  const response = await server.request(api.adminEvent, { headers: { cookie: session.cookie } });
  return (await response.json()) as EventSettings;
}

/** A new page of `browser`, signed in as `session`, on the panel's 'Evento' screen. */
export async function openEventScreen(
  browser: TestBrowser,
  server: TestServer,
  session: TestSession,
) {
  const page = await browser.newPage();
  expected401s(page, [api.adminMe]);
  await signIn(page, server, session);
  await page.goto(`${server.url}${paths.admin}#evento`);
  await page.getByRole('heading', { level: 2, name: 'Evento' }).waitFor();
  return page;
}
