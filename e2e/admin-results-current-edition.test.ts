// 'Ver resultados' on the current edition's own screen (#edicoes/<id>/resultados) follows the
// door as #resultados does: it read the edition's registrations once, so a check-in made while it
// was open never showed, and nothing said the figures were a snapshot. Chromium against the real
// server and its SQLite file.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Edition } from '../src/shared/edition.schema.ts';
import { api, paths } from '../src/shared/paths.ts';
import { postCheckIn, registerConfirmed } from '#test/api/door.ts';
import { eventStartingAt } from '#test/api/event-day.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { signIn } from '#test/browser/admin-panel.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { launchBrowser, type TestBrowser } from '#test/browser/browser.ts';

let server: TestServer;
let browser: TestBrowser;
let session: TestSession;

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
  session = await startSession(server.app.db.kysely);
  // The door lets people in now: the event is on (entries outside its window are no attendance).
  await eventStartingAt(server, session.cookie, Date.now());
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** 'Comparecimento' as its table reads: [label, count] rows. */
async function outcome(page: Page): Promise<string[][]> {
  const table = page.getByRole('table', { name: 'Comparecimento', exact: true });
  await table.waitFor({ state: 'attached' });
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? ''),
      ),
    );
}

describe('the current edition’s results, opened from its screen', () => {
  it('move a confirmed person to the ones who came when the door lets them in', async () => {
    const first = await registerConfirmed(server, session.cookie, { whatsapp: '(508) 555-1234' });
    const second = await registerConfirmed(server, session.cookie, { whatsapp: '(508) 555-1234' });
    expect((await postCheckIn(server, session.cookie, { code: first.ticket_code })).status).toBe(
      200,
    );
    const editions = (await (
      await server.request(api.adminEditions, { headers: { cookie: session.cookie } })
    ).json()) as Edition[];
    const current = editions.find((edition) => edition.current)!;

    const page = await browser.newPage();
    await signIn(page, server, session);
    await page.goto(`${server.url}${paths.admin}#edicoes/${encodeURIComponent(current.id)}`);
    await page.getByRole('link', { name: 'Ver resultados' }).click();
    await page
      .getByRole('heading', { level: 2, name: `Resultados: ${current.event.name}` })
      .waitFor();
    expect(await outcome(page)).toEqual([
      ['Compareceram', '1'],
      ['Não compareceram', '1'],
      ['Cancelados', '0'],
    ]);

    expect((await postCheckIn(server, session.cookie, { code: second.ticket_code })).status).toBe(
      200,
    );
    await expect
      .poll(() => outcome(page))
      .toEqual([
        ['Compareceram', '2'],
        ['Não compareceram', '0'],
        ['Cancelados', '0'],
      ]);
    await page.getByRole('status').filter({ hasText: 'Ao vivo' }).waitFor();
    expect(browser.problems).toEqual([]);
    await page.close();
  });
});
