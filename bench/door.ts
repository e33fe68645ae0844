// The check-in screen in Chromium against the real server, with 10,000 confirmed attendees and a
// fake camera filming real ticket pages: scan decoded → verdict painted (the screen's own User
// Timing measure), online then offline; and a search keystroke → next paint. A measurement, not
// a test: it prints figures. Bounded (< 3 min).
// Run after a build: npx tsx bench/door.ts [attendees]   (BENCH_WEB_ROOT=dist/web)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { launchBrowser } from '#test/browser/browser.ts';
import { cameraVideo, openDoor, ticketQrImages } from '#test/browser/door.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { startSession } from '#test/api/sessions.ts';
import { seedRegistrations, startTestServer } from '#test/servers/test-server.ts';
import { api, withId } from '../src/shared/paths.ts';
import { servedRegistration, validRegistration } from '#test/builders/registrations.ts';

const total = Number(process.argv[2] ?? 10_000);
const scanned = 6;
const samples = 40;
const webRoot = resolve(process.env.BENCH_WEB_ROOT ?? process.env.E2E_WEB_ROOT ?? 'dist/web');
/** The screen's measure (features/door/verdict-panel.tsx). */
const measure = 'door:scan-to-verdict';

const deadline = setTimeout(() => {
  console.error('door bench: over 3 minutes, giving up');
  process.exit(1);
}, 180_000);

const ms = (value: number) => `${value.toFixed(0)} ms`;

function summary(values: number[], unit = 'scans'): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `p50 ${ms(at(0.5))}, p95 ${ms(at(0.95))}, max ${ms(sorted.at(-1)!)} (${values.length} ${unit})`;
}

async function seed(dbFile: string): Promise<string[]> {
  const db = await openDatabase(`file:${dbFile}`);
  const codes: string[] = [];
  const rows = Array.from({ length: total }, (_, i) => {
    const code = randomBytes(16).toString('base64url');
    codes.push(code);
    return servedRegistration(
      { status: 'confirmed', ticket_code: code },
      validRegistration({
        nome_completo: `Pessoa Portaria ${i}`,
        nome_compania: `Construtora ${i % 97}`,
      }),
    );
  });
  await seedRegistrations(db.kysely, rows);
  await db.close();
  return codes;
}

/** Collects the screen's scan-to-verdict measures (and each verdict) until there are `count`. */
async function scanTimes(page: Page, count: number) {
  await page.evaluate((name) => performance.clearMeasures(name), measure);
  await page.waitForFunction(
    ({ name, count }) => performance.getEntriesByName(name).length >= count,
    { name: measure, count },
    { timeout: 90_000, polling: 500 },
  );
  const entries = await page.evaluate(
    (name) =>
      performance.getEntriesByName(name).map((entry) => ({
        duration: entry.duration,
        verdict: ((entry as PerformanceMeasure).detail as { verdict: string }).verdict,
      })),
    measure,
  );
  const all = entries.map((entry) => entry.duration);
  const admitted = entries.filter((e) => e.verdict === 'admitted').map((e) => e.duration);
  return `${summary(all)}; of which 'Entrada liberada': ${admitted.length ? summary(admitted) : 'none'}`;
}

const dir = mkdtempSync(join(tmpdir(), 'inscricoes-bench-door-'));
const dbFile = join(dir, 'bench.db');
const codes = await seed(dbFile);
const server = await startTestServer({}, { dbFile, config: { webRoot } });
try {
  const video = cameraVideo(await ticketQrImages(server, codes.slice(0, scanned)), {
    qrSeconds: 0.6,
    blankSeconds: 0.4,
  });
  const browser = await launchBrowser({ camera: video, viewport: { width: 360, height: 740 } });
  try {
    const page = await browser.newPage();
    const loading = performance.now();
    await openDoor(page, server, await startSession(server.app.db.kysely, { role: 'door' }));
    await page.getByText(`de ${total.toLocaleString('pt-BR')} confirmados`).waitFor({
      timeout: 60_000,
    });
    console.log(
      `door: ${total} attendees, screen opened to list shown ${ms(performance.now() - loading)}`,
    );

    // Every scan after the first round is 'Já entrou': the server still answers each one.
    console.log(`door: scan decoded → verdict painted, online: ${await scanTimes(page, samples)}`);
    // Undone, so that offline the first round lets them in again (decided, queued in IndexedDB).
    const door = await startSession(server.app.db.kysely, { role: 'door' });
    for (const code of codes.slice(0, scanned)) {
      const { id } = await server.app.db.kysely
        .selectFrom('registrations')
        .select('id')
        .where('ticket_code', '=', code)
        .executeTakeFirstOrThrow();
      await server.request(withId(api.doorCheckIn, id), {
        method: 'DELETE',
        headers: { cookie: door.cookie },
      });
    }
    await page.getByText(`0 de ${total.toLocaleString('pt-BR')} confirmados`).waitFor();
    await browser.context.setOffline(true);
    await page.getByText('Sem conexão', { exact: true }).waitFor();
    console.log(`door: scan decoded → verdict painted, offline: ${await scanTimes(page, samples)}`);
    await browser.context.setOffline(false);
    await page.getByText(/aguardando envio/).waitFor({ state: 'detached', timeout: 30_000 });

    // A keystroke: keydown → the results for it painted (the search renders in the same task).
    const search = page.getByLabel('Buscar por nome ou empresa');
    await search.focus();
    await page.evaluate(() => {
      const w = window as unknown as { keystrokes: number[] };
      w.keystrokes = [];
      let down = 0;
      addEventListener('keydown', () => (down = performance.now()), { capture: true });
      addEventListener(
        'input',
        () =>
          requestAnimationFrame(() =>
            setTimeout(() => w.keystrokes.push(performance.now() - down)),
          ),
        { capture: true },
      );
    });
    for (const term of ['pessoa portaria 12', 'construtora 4', 'zzz', 'pes 99']) {
      await page.keyboard.type(term, { delay: 60 });
      await page.keyboard.press('Escape');
    }
    const keystrokes = await page.evaluate(
      () => (window as unknown as { keystrokes: number[] }).keystrokes,
    );
    console.log(
      `door: search keystroke → results painted over ${total}: ${summary(keystrokes, 'keystrokes')}`,
    );
    if (browser.problems.length > 0) {
      console.log(`door: browser problems: ${browser.problems.slice(0, 5).join(' | ')}`);
    }
  } finally {
    await browser.close();
  }
} finally {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
  clearTimeout(deadline);
}
