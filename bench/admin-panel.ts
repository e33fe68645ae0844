// The admin panel with 10,000 registrations, in Chromium against the real server: time to the
// first card and to all of them, a live update's delay after a POST (median of 20), a confirm's
// round trip, and scrolling. A measurement, not a test: it prints figures. Bounded (< 2 min).
// Run after a build: npx tsx bench/admin-panel.ts [registrations]   (BENCH_WEB_ROOT=dist/web)
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { closeSharedBrowser, launchBrowser } from '#test/browser/browser.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { seedRegistrations, startTestServer } from '#test/servers/test-server.ts';
import {
  confirmacaoOptions,
  levarAlguemOptions,
  organizerDecisions,
} from '../src/shared/registration.fields.ts';
import { servedRegistration, validRegistration } from '#test/builders/registrations.ts';
import { api } from '../src/shared/paths.ts';

const total = Number(process.argv[2] ?? 10_000);
const liveSamples = 20;
const confirmSamples = 5;
const webRoot = resolve(process.env.BENCH_WEB_ROOT ?? process.env.E2E_WEB_ROOT ?? 'dist/web');
const adminEnv = { ADMIN_EMAIL: 'bench@exemplo.com', ADMIN_PASSWORD: 'senha-do-benchmark-2025' };

const deadline = setTimeout(() => {
  console.error('admin-panel bench: over 2 minutes, giving up');
  process.exit(1);
}, 120_000);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

async function seed(dbFile: string) {
  const db = await openDatabase(`file:${dbFile}`);
  // Made in the past week: older ones would be the retention job's to erase at start.
  const start = Date.now() - total * 60_000;
  const rows = Array.from({ length: total }, (_, i) =>
    servedRegistration(
      {
        status: organizerDecisions[i % 4 === 0 ? 1 : 0],
        created_at: new Date(start + i * 60_000).toISOString(),
      },
      validRegistration({
        nome_completo: `Pessoa Bench ${i}`,
        whatsapp: i % 2 ? '+15085551234' : '+5511912345678',
        nome_compania: `Construtora ${i % 97}`,
        levar_alguem: [null, ...levarAlguemOptions][i % 3],
        confirmacao: confirmacaoOptions[i % 2],
      }),
    ),
  );
  await seedRegistrations(db.kysely, rows);
  await db.close();
}

const dir = mkdtempSync(join(tmpdir(), 'inscricoes-bench-admin-'));
const dbFile = join(dir, 'bench.db');
const seeded = performance.now();
await seed(dbFile);
console.log(`admin-panel: ${total} registrations inserted in ${ms(performance.now() - seeded)}`);

const server = await startTestServer(adminEnv, { dbFile, config: { webRoot } });
const browser = await launchBrowser({ viewport: { width: 1280, height: 800 } });
try {
  const page = await browser.newPage();
  await page.goto(`${server.url}/admin`);
  await page.getByLabel('E-mail').fill(adminEnv.ADMIN_EMAIL);
  await page.getByLabel('Senha').fill(adminEnv.ADMIN_PASSWORD);

  // From the click on 'Entrar' (login, session check, list request, render).
  const loggingIn = performance.now();
  const loginAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === api.adminLogin);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await loginAnswer;
  const loggedIn = performance.now() - loggingIn;
  await page.locator('main li').first().waitFor();
  const firstCard = performance.now() - loggingIn;
  // The header counts the whole list once it is loaded (only the rows on screen are rendered).
  await page
    .getByText(`${total.toLocaleString('pt-BR')} inscrições ·`, { exact: false })
    .waitFor({ timeout: 60_000 });
  const allCards = performance.now() - loggingIn;
  // The main thread is free again: a frame gets painted.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
  const interactive = performance.now() - loggingIn;
  await page.getByText('Ao vivo', { exact: true }).waitFor();

  // Opening the panel again with the session: no login in the way.
  const reloading = performance.now();
  await page.reload();
  await page.locator('main li').first().waitFor();
  const reloadFirstCard = performance.now() - reloading;
  await page.getByText('Ao vivo', { exact: true }).waitFor();
  const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  const renderedCards = await page.locator('main li').count();
  console.log(`admin-panel: login answered (password hashing included) ${ms(loggedIn)}`);
  console.log(`admin-panel: login to first card ${ms(firstCard)}`);
  console.log(`admin-panel: login to all ${total} loaded and counted ${ms(allCards)}`);
  console.log(`admin-panel: login to next painted frame ${ms(interactive)}`);
  console.log(`admin-panel: reload (logged in) to first card ${ms(reloadFirstCard)}`);
  console.log(`admin-panel: DOM elements on the page ${domNodes}, cards rendered ${renderedCards}`);

  // A live update: from sending the POST to the card painted in the open panel.
  const liveDelays: number[] = [];
  for (let i = 0; i < liveSamples; i += 1) {
    const name = `Ao Vivo ${i} ${randomUUID().slice(0, 8)}`;
    await page.evaluate((expected) => {
      const w = window as unknown as { __appeared?: Promise<number> };
      w.__appeared = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          const found = [...document.querySelectorAll('main li h2')]
            .slice(0, 3)
            .some((h) => h.textContent === expected);
          if (!found) return;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now()));
        });
        observer.observe(document.querySelector('main ul')!, { childList: true });
      });
    }, name);
    const sent = performance.timeOrigin + performance.now();
    const response = await server.request(api.registrations, {
      method: 'POST',
      json: validRegistration({ nome_completo: name, nome_compania: 'Construtora Ao Vivo' }),
    });
    if (response.status !== 201) throw new Error(`POST answered ${response.status}`);
    const appeared = await page.evaluate(
      () => (window as unknown as { __appeared: Promise<number> }).__appeared,
    );
    liveDelays.push(appeared - sent);
  }
  console.log(
    `admin-panel: live update, POST to card painted: median ${ms(median(liveDelays))}, ` +
      `min ${ms(Math.min(...liveDelays))}, max ${ms(Math.max(...liveDelays))} (${liveSamples} samples)`,
  );

  // A confirm: from the click to the 'Confirmado' badge painted, in the page.
  const confirmTimes: number[] = [];
  for (let i = 0; i < confirmSamples; i += 1) {
    const elapsed = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const button = [...document.querySelectorAll('main li button')].find(
            (b) => b.textContent === 'Confirmar',
          ) as HTMLButtonElement;
          const card = button.closest('li')!;
          const started = performance.now();
          const observer = new MutationObserver(() => {
            if (!card.textContent?.includes('Confirmado')) return;
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - started));
          });
          observer.observe(card, { subtree: true, childList: true, characterData: true });
          button.click();
        }),
    );
    confirmTimes.push(elapsed);
  }
  console.log(
    `admin-panel: confirm, click to badge painted: median ${ms(median(confirmTimes))} ` +
      `(${confirmSamples} samples)`,
  );

  // Scrolling: 2 s of scrolling by 120 px a frame; frame times as the page sees them.
  const { times: frames, blank } = await page.evaluate(async () => {
    const times: number[] = [];
    let blank = 0;
    let last = performance.now();
    const end = last + 2000;
    for (;;) {
      const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
      times.push(now - last);
      last = now;
      // A frame with no card on screen would be a blank flash: the window lagging behind.
      const onScreen = [...document.querySelectorAll('main li')].some((li) => {
        const box = li.getBoundingClientRect();
        return box.bottom > 0 && box.top < innerHeight;
      });
      if (!onScreen) blank += 1;
      window.scrollBy(0, 120);
      if (now >= end) return { times, blank };
    }
  });
  const sortedFrames = [...frames].sort((a, b) => a - b);
  const p95 = sortedFrames[Math.floor(sortedFrames.length * 0.95)] ?? 0;
  console.log(
    `admin-panel: scrolling, ${frames.length} frames in 2 s, median frame ${ms(median(frames))}, ` +
      `p95 ${ms(p95)}, longest ${ms(sortedFrames.at(-1) ?? 0)}, frames with no card on screen ${blank}`,
  );
  // The session check before the login answers 401 by design; anything else is worth a look.
  const problems = browser.problems.filter((p) => !/status of 401/.test(p));
  if (problems.length > 0) console.log(`admin-panel: browser problems: ${problems.join(' | ')}`);
} finally {
  await browser.close();
  await closeSharedBrowser();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
  clearTimeout(deadline);
}
