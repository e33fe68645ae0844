// The organizer's logo as Chromium lays it out on a 360 px phone (issue 33.2), on every public page
// that shows it: the landing, the form, the three thank-you pages and a ticket page. Its box keeps
// the picture's shape (never squashed by a page's own sheet) and has its size before the picture
// arrives, so nothing moves when it does (the picture's request held back, then let through).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import {
  api,
  paths,
  thanksConfirmed,
  thanksWaitlisted,
  ticketPage,
  withCode,
  withId,
} from '../src/shared/paths.ts';
import { startSession } from '#test/api/sessions.ts';
import { register, type TestServer } from '#test/servers/test-server.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { launchBrowser, type TestBrowser } from '#test/browser/browser.ts';

let server: TestServer;
let browser: TestBrowser;
let ticket: string;

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser({ viewport: { width: 360, height: 740 } });
  const { cookie } = await startSession(server.app.db.kysely);
  // 600 × 150: stored at 480 × 120, a 4:1 banner.
  const png = await sharp({
    create: { width: 600, height: 150, channels: 4, background: '#0f766e' },
  })
    .png()
    .toBuffer();
  const uploaded = await server.request(api.adminEventLogo, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'image/png' },
    body: new Uint8Array(png),
  });
  expect(uploaded.status).toBe(200);
  const person = await register(server);
  const confirmed = await server.request(withId(api.adminConfirm, person.id), {
    method: 'POST',
    headers: { cookie },
  });
  ticket = ((await confirmed.json()) as { ticket_code: string }).ticket_code;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The ticket page's address is known once the person is confirmed. */
const address = (path: string) => (path === ticketPage ? withCode(ticketPage, ticket) : path);

/** The logo's box on the page, and whether its picture has arrived. */
const logoBox = (page: Page) =>
  page.locator('img[alt="Logotipo de Build Safe"]').evaluate((img: HTMLImageElement) => {
    const box = img.getBoundingClientRect();
    return { x: box.x, y: box.y, width: box.width, height: box.height, loaded: img.complete };
  });

describe('the logo at 360 px', () => {
  it.each([
    paths.home,
    paths.register,
    paths.thanks,
    thanksConfirmed,
    thanksWaitlisted,
    ticketPage,
  ])('keeps its shape and its place before it arrives on %s', async (pattern) => {
    const path = address(pattern);
    const page = await browser.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/imagens/**', async (route: Route) => {
      await held;
      await route.continue();
    });
    await page.goto(server.url + path, { waitUntil: 'domcontentloaded' });
    const before = await logoBox(page);
    expect(before.loaded, path).toBe(false);
    release();
    await expect.poll(async () => (await logoBox(page)).loaded, { message: path }).toBe(true);
    const after = await logoBox(page);
    expect({ ...after, loaded: false }, path).toEqual(before);
    expect(after.height, path).toBeGreaterThanOrEqual(40);
    expect(after.width / after.height, path).toBeCloseTo(4, 1);
    expect(after.width, path).toBeLessThanOrEqual(360);
    await page.close();
  });
});

describe('the landing arriving in pieces', () => {
  it('lays out the block under the logo as wide as the whole page will, before the rest arrives', async () => {
    const page = await browser.newPage();
    const block = () =>
      page
        .locator('main img[alt="Logotipo de Build Safe"]')
        .evaluate((img) => img.parentElement!.getBoundingClientRect().width);
    await page.goto(server.url + paths.home);
    const whole = await block();
    // What a slow connection has delivered when the browser first paints: the page up to the
    // logo (the parser closes what is left open). The block's width then must not depend on it.
    await page.route(server.url + paths.home, async (route) => {
      const html = await (await route.fetch()).text();
      const logo = html.indexOf('<img', html.indexOf('<main'));
      await route.fulfill({
        contentType: 'text/html',
        body: html.slice(0, html.indexOf('>', logo) + 1),
      });
    });
    await page.goto(server.url + paths.home);
    expect(await block()).toBe(whole);
    await page.close();
  });
});
