// The frame most panel test files share: one server and one desktop-sized browser for the file;
// each test starts with no registrations, no cookies, none of the last test's pages and no console
// problems. Read `server` and `browser` inside tests and hooks: the file's `beforeAll` sets them.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { api } from '../../src/shared/paths.ts';
import type { TestServer } from '../servers/test-server.ts';
import { expected401s } from './admin-panel.ts';
import { startAppServer } from '../servers/app-server.ts';
import { launchBrowser, type TestBrowser } from './browser.ts';

export function panelTestBed() {
  let server: TestServer | undefined;
  let browser: TestBrowser | undefined;
  const pages: Page[] = [];

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser({ viewport: { width: 1280, height: 800 } });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  beforeEach(async () => {
    for (const page of pages.splice(0)) await page.close();
    await bed.browser.context.clearCookies();
    bed.browser.problems.length = 0;
    await bed.server.app.db.kysely.deleteFrom('registrations').execute();
  });

  const bed = {
    get server(): TestServer {
      if (!server) throw new Error('the server starts in beforeAll');
      return server;
    },
    get browser(): TestBrowser {
      if (!browser) throw new Error('the browser starts in beforeAll');
      return browser;
    },
    /** A new page of the browser, and its console's 401s from the session check let by. */
    async newPage() {
      const page = await bed.browser.newPage();
      pages.push(page);
      return { page, console: expected401s(page, [api.adminMe]) };
    },
  };
  return bed;
}
