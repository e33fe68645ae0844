// The ticket page, /ingresso/<code>, as a phone and a printer get it from the real server in
// Chromium: what it says, its QR code read back by a real decoder (zxing-wasm, the wasm from
// node_modules, never a CDN) to the page's own PUBLIC_URL-based address, axe, 360 px, one A4 page
// when printed, no script; and the pt-BR not-found page (404) for a code that opens nothing.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { eventSettingsSchema } from '../src/shared/event-settings.schema.ts';
import { formatClockTime } from '../src/shared/labels.ts';
import { api, ticketCalendar, ticketPage, ticketPageUrl, withCode } from '../src/shared/paths.ts';
import { postCheckIn, registerConfirmed } from '#test/api/door.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { axeViolations, launchBrowser, type TestBrowser } from '#test/browser/browser.ts';

prepareZXingModule({
  overrides: {
    wasmBinary: readFileSync(
      createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'),
    ).buffer as ArrayBuffer,
  },
});

/** The text of the QR codes in a PNG. */
async function decodeQr(png: Buffer): Promise<string[]> {
  const results = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'] });
  return results.map((result) => result.text);
}

/** How many pages a PDF has (Chromium writes each page as a `/Type /Page` object). */
function pdfPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
}

// Not the address the test reaches the server on: the QR must carry PUBLIC_URL.
const publicUrl = 'http://ingressos.exemplo.test:8080';

let server: TestServer;
let browser: TestBrowser;
let admin: TestSession;
let door: TestSession;
beforeAll(async () => {
  server = await startAppServer({ PUBLIC_URL: publicUrl });
  admin = await startSession(server.app.db.kysely);
  door = await startSession(server.app.db.kysely, { role: 'door' });
  // An event still to come: once it is over, its tickets say so instead of 'Ingresso válido'.
  const current = eventSettingsSchema.parse(
    await (await server.request(api.adminEvent, { headers: { cookie: admin.cookie } })).json(),
  );
  const saved = await server.request(api.adminEvent, {
    method: 'PUT',
    headers: { cookie: admin.cookie },
    json: { ...current, date: '2036-12-06' },
  });
  expect(saved.status).toBe(200);
  browser = await launchBrowser({ viewport: { width: 360, height: 740 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const confirmed = () =>
  registerConfirmed(server, admin.cookie, {
    nome_completo: 'Iracema Bezerra de Albuquerque Cavalcanti Wanderley',
    nome_compania: 'Construtora Horizonte & Filhos Engenharia e Segurança do Trabalho Ltda.',
  });

async function open(code: string) {
  const page = await browser.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  const response = await page.goto(server.url + withCode(ticketPage, code));
  return { page, response: response!, scripts };
}

describe('the ticket page', () => {
  it('shows the person, the event and a valid ticket, with nothing personal beyond name and company', async () => {
    const person = await confirmed();
    const { page, response, scripts } = await open(person.ticket_code);
    try {
      expect(response.status()).toBe(200);
      const headers = response.headers();
      expect(headers['cache-control']).toBe('private, no-store');
      expect(headers['x-robots-tag']).toBe('noindex');
      await expect
        .poll(() => page.locator('meta[name="robots"]').getAttribute('content'))
        .toBe('noindex');
      expect(await page.locator('html').getAttribute('lang')).toBe('pt-BR');
      expect(await page.title()).toBe('Ingresso · Build Safe');

      await page.getByRole('heading', { level: 1, name: 'Build Safe' }).waitFor();
      const text = await page.locator('main').innerText();
      for (const shown of [
        person.nome_completo,
        person.nome_compania,
        'Ingresso válido',
        '6 de dezembro de 2036, às\u00a07:30',
        'Salão de eventos, Foxboro, Massachusetts',
        'Adicionar à agenda',
      ]) {
        expect(text).toContain(shown);
      }
      const html = await page.content();
      for (const hidden of [person.email, person.whatsapp, person.whatsapp.slice(1), person.id]) {
        expect(html).not.toContain(hidden);
      }
      // Rendered on the server, complete without any script.
      expect(await page.locator('script').count()).toBe(0);
      expect(scripts).toEqual([]);

      const ics = page.getByRole('link', { name: /Arquivo de agenda/ });
      expect(await ics.getAttribute('href')).toBe(withCode(ticketCalendar, person.ticket_code));
      const google = new URL(
        (await page.getByRole('link', { name: /Google Agenda/ }).getAttribute('href'))!,
      );
      expect(google.searchParams.get('dates')).toBe('20361206T123000Z/20361206T163000Z');

      expect(await axeViolations(page)).toEqual([]);
      expect(browser.problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('has a QR code that a real decoder reads as the page’s own PUBLIC_URL address', async () => {
    const person = await confirmed();
    const { page } = await open(person.ticket_code);
    try {
      const qr = page.getByRole('img', { name: 'QR code do ingresso' });
      const decoded = await decodeQr(await qr.screenshot());
      expect(decoded).toEqual([ticketPageUrl(publicUrl, person.ticket_code)]);
      expect(decoded[0]).toBe(`${publicUrl}/ingresso/${person.ticket_code}`);
    } finally {
      await page.close();
    }
  });

  it('says when the person came in, on the event’s clock, once checked in', async () => {
    const person = await confirmed();
    const checkIn = await postCheckIn(server, door.cookie, { code: person.ticket_code });
    const { checked_in_at: checkedInAt } = (await checkIn.json()) as { checked_in_at: string };
    const { page } = await open(person.ticket_code);
    try {
      const state = `Entrada registrada às ${formatClockTime(checkedInAt, 'America/New_York')}`;
      await page.getByText(state).waitFor();
      expect(await page.getByText('Ingresso válido').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('fits a 360 px phone without sideways scrolling, long names included', async () => {
    const person = await confirmed();
    const { page } = await open(person.ticket_code);
    try {
      const widths = await page.evaluate(() => ({
        document: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
      }));
      expect(widths.viewport).toBe(360);
      expect(widths.document).toBeLessThanOrEqual(360);
      const box = await page.getByRole('img', { name: 'QR code do ingresso' }).boundingBox();
      // Big enough for a door phone's camera at arm's length.
      expect(box!.width).toBeGreaterThanOrEqual(200);
    } finally {
      await page.close();
    }
  });

  it('prints on one A4 page, the QR code on it and still readable', async () => {
    const person = await confirmed();
    const { page } = await open(person.ticket_code);
    try {
      const pdf = await page.pdf({ format: 'A4', printBackground: true });
      expect(pdfPages(pdf)).toBe(1);
      await page.emulateMedia({ media: 'print' });
      await page.setViewportSize({ width: 794, height: 1123 });
      const qr = page.getByRole('img', { name: 'QR code do ingresso' });
      const box = (await qr.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(1123);
      expect(await decodeQr(await qr.screenshot())).toEqual([
        ticketPageUrl(publicUrl, person.ticket_code),
      ]);
      expect(await page.getByText('Adicionar à agenda').isVisible()).toBe(false);
    } finally {
      await page.close();
    }
  });

  it('answers an unknown or revoked code with the pt-BR not-found page and 404', async () => {
    for (const code of ['C'.repeat(22), 'nada']) {
      const { page, response } = await open(code);
      try {
        expect(response.status()).toBe(404);
        expect(response.headers()['cache-control']).toBe('private, no-store');
        await page.getByRole('heading', { name: '404' }).waitFor();
        await page.getByRole('link', { name: 'Voltar para o início' }).waitFor();
        expect(await page.locator('html').getAttribute('lang')).toBe('pt-BR');
      } finally {
        await page.close();
      }
    }
    // The not-found page logs the miss to the console, as the spec says.
    const expected = browser.problems.filter((problem) => !/404/.test(problem));
    expect(expected).toEqual([]);
    browser.problems.length = 0;
  });
});
