// 'Resultados' (issue 19, point 6): who came, the no-shows, arrivals per 15 minutes and
// registrations per day, as charts and as tables a screen reader reads, for the current edition
// and for a past one; on a phone 360 px wide too, axe clean. Registrations made through the
// public API, confirmed by the admin route, checked in through the door's route with the times
// an offline phone would send (`scanned_at`): the slots are known in advance. Chromium against
// the real server and its SQLite file.
import { TZDate } from '@date-fns/tz';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Edition } from '../src/shared/edition.schema.ts';
import type { EventSettings } from '../src/shared/event-settings.schema.ts';
import { api, paths, withId } from '../src/shared/paths.ts';
import { postCheckIn, registerConfirmed } from '#test/api/door.ts';
import { eventStartingAt } from '#test/api/event-day.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { register, signIn, animationsDone } from '#test/browser/admin-panel.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { axeViolations, launchBrowser, type TestBrowser } from '#test/browser/browser.ts';

let server: TestServer;
let browser: TestBrowser;
let session: TestSession;
let settings: EventSettings;
const pages: Page[] = [];

/** Yesterday on the event's clocks ('YYYY-MM-DD' parts), where the check-ins happen. */
let yesterday: { year: number; month: number; day: number };
/** Today on the event's clocks, as the table writes it ('24/11/2026'): every registration's day. */
let today: string;

function atYesterday(hours: number, minutes: number): string {
  const { year, month, day } = yesterday;
  return new Date(
    new TZDate(year, month - 1, day, hours, minutes, settings.timeZone).getTime(),
  ).toISOString();
}

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
  session = await startSession(server.app.db.kysely);
  const response = await server.request(api.adminEvent, { headers: { cookie: session.cookie } });
  settings = (await response.json()) as EventSettings;
  const now = new TZDate(Date.now(), settings.timeZone);
  const before = new TZDate(
    now.getFullYear(),
    now.getMonth(),
    now.getDate() - 1,
    settings.timeZone,
  );
  yesterday = { year: before.getFullYear(), month: before.getMonth() + 1, day: before.getDate() };
  // The door's entries are yesterday morning: so is the event (entries outside its window are no
  // attendance, decision 0212).
  settings = await eventStartingAt(server, session.cookie, Date.parse(atYesterday(7, 0)));
  today = [now.getDate(), now.getMonth() + 1, now.getFullYear()]
    .map((part, i) => String(part).padStart(i === 2 ? 4 : 2, '0'))
    .join('/');

  // Three people come in: two between 07:00 and 07:15, none in the next quarter, one at 07:35.
  const arrivals = [
    [7, 2],
    [7, 7],
    [7, 35],
  ] as const;
  for (const [hours, minutes] of arrivals) {
    const person = await registerConfirmed(server, session.cookie, {
      whatsapp: '(508) 555-1234',
    });
    const response = await postCheckIn(server, session.cookie, {
      code: person.ticket_code,
      scanned_at: atYesterday(hours, minutes),
    });
    expect(response.status).toBe(200);
  }
  // Two confirmed who never come, one never confirmed, one who cancelled.
  await registerConfirmed(server, session.cookie, { whatsapp: '(508) 555-1234' });
  await registerConfirmed(server, session.cookie, { whatsapp: '(508) 555-1234' });
  await register(server);
  const withdrawn = await registerConfirmed(server, session.cookie, {
    whatsapp: '(508) 555-1234',
  });
  const cancelled = await server.request(withId(api.adminCancel, withdrawn.id), {
    method: 'POST',
    headers: { cookie: session.cookie },
  });
  expect(cancelled.status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

beforeEach(async () => {
  for (const page of pages.splice(0)) await page.close();
  browser.problems.length = 0;
});

/** A table's rows as [row header, cell] texts, found by its caption. */
async function tableRows(page: Page, name: string): Promise<string[][]> {
  const table = page.getByRole('table', { name, exact: true });
  await table.waitFor({ state: 'attached' });
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? ''),
      ),
    );
}

/** The chunk with the figures and the charts' library. */
function resultsChunkRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/results-view-[^/]*\.js$/.test(new URL(request.url()).pathname)) {
      requested.push(request.url());
    }
  });
  return requested;
}

/** Every chart drawn (an SVG with bars), hidden from screen readers. */
async function expectChartsDrawn(page: Page, count: number) {
  const charts = page.locator('figure svg[aria-hidden="true"]');
  await expect.poll(() => charts.count()).toBe(count);
  for (const chart of await charts.all()) {
    expect(await chart.locator('rect').count()).toBeGreaterThan(0);
  }
}

/** The figures that stick out of the window, or whose chart sticks out of them. */
function chartsOverflow(page: Page): Promise<string[]> {
  return page.locator('figure').evaluateAll((figures) =>
    figures
      .filter((figure) => {
        const box = figure.getBoundingClientRect();
        const chart = figure.querySelector('svg')?.getBoundingClientRect();
        return box.left < 0 || box.right > window.innerWidth || (chart && chart.right > box.right);
      })
      .map((figure) => figure.querySelector('h3')?.textContent ?? ''),
  );
}

/** Nothing wider than the window: no sideways scrolling on a phone. */
async function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

const outcomeRows = [
  ['Compareceram', '3'],
  ['Não compareceram', '2'],
  ['Cancelados', '1'],
];
const arrivalRows = [
  ['07:00 a 07:15', '2'],
  ['07:15 a 07:30', '0'],
  ['07:30 a 07:45', '1'],
];

describe('the Resultados screen', () => {
  it('shows who came, the no-shows and the arrivals per quarter hour, as charts and as tables, loaded only when opened', async () => {
    const page = await browser.newPage();
    pages.push(page);
    const chunks = resultsChunkRequests(page);
    await signIn(page, server, session);
    await page.goto(server.url + paths.admin);
    await page.getByRole('list', { name: '7 inscrições' }).waitFor();
    // The panel's first screen loads none of it.
    expect(chunks).toEqual([]);

    await page
      .getByRole('navigation', { name: 'Seções do painel' })
      .getByRole('link', { name: 'Resultados' })
      .click();
    await page.getByRole('heading', { level: 2, name: 'Resultados' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#resultados');
    expect(await tableRows(page, 'Comparecimento')).toEqual(outcomeRows);
    expect(await tableRows(page, 'Chegadas a cada 15 minutos')).toEqual(arrivalRows);
    expect(await tableRows(page, 'Inscrições por dia')).toEqual([[today, '7']]);
    await page.getByText('Compareceram 60% dos confirmados.').waitFor();
    await page.getByText('1 inscrição sem confirmação', { exact: false }).waitFor();
    expect(chunks).toHaveLength(1);
    await expectChartsDrawn(page, 3);
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);

    // A phone 360 px wide: every figure fits, nothing scrolls sideways, axe still clean.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(() => scrollWidth(page)).toBeLessThanOrEqual(360);
    // The charts follow their figure's width (once the resize settles).
    await expect.poll(() => chartsOverflow(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    expect(browser.problems).toEqual([]);
  });

  it('keeps up with the door: a check-in made while it is open moves a no-show to the ones who came', async () => {
    const page = await browser.newPage();
    pages.push(page);
    await signIn(page, server, session);
    await page.goto(`${server.url}${paths.admin}#resultados`);
    expect(await tableRows(page, 'Comparecimento')).toEqual(outcomeRows);
    const late = await registerConfirmed(server, session.cookie, { whatsapp: '(508) 555-1234' });
    const response = await postCheckIn(server, session.cookie, {
      code: late.ticket_code,
      scanned_at: atYesterday(7, 44),
    });
    expect(response.status).toBe(200);
    await expect
      .poll(() => tableRows(page, 'Chegadas a cada 15 minutos'))
      .toEqual([arrivalRows[0], arrivalRows[1], ['07:30 a 07:45', '2']]);
    expect(await tableRows(page, 'Comparecimento')).toEqual([
      ['Compareceram', '4'],
      ['Não compareceram', '2'],
      ['Cancelados', '1'],
    ]);
    // It says it follows the door, as the list does (and 'Reconectando...' when it cannot).
    await page.getByRole('status').filter({ hasText: 'Ao vivo' }).waitFor();
    expect(browser.problems).toEqual([]);
  });

  it('shows a past edition’s results from its screen, on a phone', async () => {
    // A new edition: the one with the check-ins becomes a past one.
    const created = await server.request(api.adminEditions, {
      method: 'POST',
      headers: { cookie: session.cookie },
      json: { date: '2027-12-04', name: 'Edição de 2027' },
    });
    expect(created.status).toBe(201);
    const editions = (await (
      await server.request(api.adminEditions, { headers: { cookie: session.cookie } })
    ).json()) as Edition[];
    const past = editions.find((edition) => !edition.current)!;

    const page = await browser.newPage();
    pages.push(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, server, session);
    await page.goto(`${server.url}${paths.admin}#edicoes/${encodeURIComponent(past.id)}`);
    await page.getByRole('link', { name: 'Ver resultados' }).click();
    await page.getByRole('heading', { level: 2, name: `Resultados: ${past.event.name}` }).waitFor();
    expect(await tableRows(page, 'Comparecimento')).toEqual([
      ['Compareceram', '4'],
      ['Não compareceram', '2'],
      ['Cancelados', '1'],
    ]);
    expect(await tableRows(page, 'Chegadas a cada 15 minutos')).toEqual([
      arrivalRows[0],
      arrivalRows[1],
      ['07:30 a 07:45', '2'],
    ]);
    await expectChartsDrawn(page, 3);
    await expect.poll(() => scrollWidth(page)).toBeLessThanOrEqual(360);
    await expect.poll(() => chartsOverflow(page)).toEqual([]);
    // The bar of screens still marks 'Edições'.
    expect(
      await page
        .getByRole('navigation', { name: 'Seções do painel' })
        .getByRole('link', { name: 'Edições' })
        .getAttribute('aria-current'),
    ).toBe('page');
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);

    // The current edition has no registration yet: its results say so.
    await page.goto(`${server.url}${paths.admin}#resultados`);
    await page.getByText('Nenhuma inscrição nesta edição ainda').waitFor();

    // Another edition: the one just left, where nobody registered, is past; nothing is to come.
    const next = await server.request(api.adminEditions, {
      method: 'POST',
      headers: { cookie: session.cookie },
      json: { date: '2028-12-02', name: 'Edição de 2028' },
    });
    expect(next.status).toBe(201);
    const empty = (
      (await (
        await server.request(api.adminEditions, { headers: { cookie: session.cookie } })
      ).json()) as Edition[]
    ).find((edition) => edition.event.date === '2027-12-04')!;
    expect(empty.current).toBe(false);
    await page.goto(
      `${server.url}${paths.admin}#edicoes/${encodeURIComponent(empty.id)}/resultados`,
    );
    await page
      .getByRole('heading', { level: 2, name: `Resultados: ${empty.event.name}` })
      .waitFor();
    await page.getByText('Nenhuma inscrição nesta edição.', { exact: true }).waitFor();
    expect(await page.getByText('os resultados aparecem aqui', { exact: false }).count()).toBe(0);
    expect(browser.problems).toEqual([]);
  });
});
