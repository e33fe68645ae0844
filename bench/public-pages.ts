// The public pages as a visitor on a phone gets them, beside the floor: an empty React 19 page
// built in this same run with the same Vite and the same compression. Our site runs exactly as
// an operator starts it (`npm start`: scripts/start.mjs) in a scratch folder.
//
// Lighthouse 12's mobile preset (simulated slow 4G, 4× slower CPU), three runs per page, medians:
// JavaScript and total bytes on the wire (transfer sizes, headers included), FCP, LCP, TBT, CLS,
// the performance and accessibility scores. Then, in Chromium throttled through the DevTools
// protocol (the same slow 4G and 4× CPU): the JavaScript /convite downloads before its form is
// usable, and whether the landing page fetches the form's code on its own.
//
// Run: npx tsx bench/public-pages.ts   (after `npm run build`; `npm run bench` builds first)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import react from '@vitejs/plugin-react';
import * as chromeLauncher from 'chrome-launcher';
import Fastify from 'fastify';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { chromiumArgs, executablePath } from '../e2e/support/browser.ts';
import { freePort } from '../src/server/test-support/child-server.ts';

const runs = 3;
const pages = ['/', '/convite', '/obrigado', '/privacidade', '/nao-existe'];
// Lighthouse's mobileSlow4G, as DevTools applies it (its RTT and throughput adjustments).
const slow4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 0.9 * 1024) / 8,
  uploadThroughput: (750 * 0.9 * 1024) / 8,
};
const cpuSlowdown = 4;

const root = resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'inscricoes-bench-pages-'));

async function buildFloor(): Promise<string> {
  const outDir = join(scratch, 'floor');
  await build({
    configFile: false,
    root: join(root, 'bench/floor'),
    logLevel: 'warn',
    plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
    build: { outDir, emptyOutDir: true, modulePreload: { polyfill: false } },
  });
  return outDir;
}

async function serveFloor(dir: string) {
  const app = Fastify();
  await app.register(fastifyStatic, { root: dir, preCompressed: true });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return { url: `http://localhost:${port}`, close: () => app.close() };
}

/** `npm start`, as an operator runs it, on a fresh database in a scratch folder. */
async function startOurs() {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: scratch,
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Lighthouse fails to record a trace (NO_NAVSTART) for a page on 127.0.0.1, not on localhost.
  const url = `http://localhost:${port}`;
  let exited = false;
  child.once('exit', () => (exited = true));
  for (let tries = 0; ; tries += 1) {
    if (exited) throw new Error('npm start exited');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (tries > 1200) throw new Error('npm start did not answer within two minutes');
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    url,
    close: () =>
      new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

interface Figures {
  js: number;
  total: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  performance: number;
  accessibility: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

type Throttling = 'devtools' | 'simulate';

async function lighthouseFigures(
  url: string,
  port: number,
  throttlingMethod: Throttling,
): Promise<Figures> {
  const samples: Figures[] = [];
  for (let run = 0, attempts = 0; run < runs; run += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // The not-found page answers 404, as it should.
      ignoreStatusCode: true,
      throttlingMethod,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { audits, categories, runtimeError } = result.lhr;
    if (runtimeError) {
      // Chromium now and then leaves the navigation out of the trace: Lighthouse asks to run again.
      attempts += 1;
      if (runtimeError.code === 'NO_NAVSTART' && attempts < 5) {
        run -= 1;
        continue;
      }
      throw new Error(`Lighthouse on ${url}: ${runtimeError.message}`);
    }
    const details = audits['network-requests']?.details as unknown as { items: NetworkItem[] };
    const requests = details.items;
    samples.push({
      js: requests
        .filter((item) => item.resourceType === 'Script')
        .reduce((sum, item) => sum + item.transferSize, 0),
      total: requests.reduce((sum, item) => sum + item.transferSize, 0),
      fcp: audits['first-contentful-paint']!.numericValue!,
      lcp: audits['largest-contentful-paint']!.numericValue!,
      tbt: audits['total-blocking-time']!.numericValue!,
      cls: audits['cumulative-layout-shift']!.numericValue!,
      performance: categories.performance!.score! * 100,
      accessibility: categories.accessibility!.score! * 100,
    });
  }
  const pick = (key: keyof Figures) => median(samples.map((sample) => sample[key]));
  return {
    js: pick('js'),
    total: pick('total'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    performance: pick('performance'),
    accessibility: pick('accessibility'),
  };
}

interface NetworkItem {
  url: string;
  resourceType: string;
  transferSize: number;
}

type Usable = 'heading' | 'form' | 'loaded';

/**
 * In Chromium throttled like Lighthouse's preset: the script bytes (transfer sizes) received
 * until the page is usable, and every script URL requested within `settleMs` after.
 */
async function scriptsUntil(url: string, usable: Usable, settleMs: number) {
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', slow4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') requested.push(new URL(request.url()).pathname);
    });
    await page.goto(url, { waitUntil: 'commit' });
    // A function, not a string: the pages' CSP forbids evaluating strings.
    const bytes = await page.waitForFunction(
      (kind: Usable) => {
        const ready =
          kind === 'heading'
            ? document.querySelector('h1') !== null
            : kind === 'form'
              ? // The form is live once hydrated: from then on our checks, not the browser's, guard it.
                document.querySelector('form')?.noValidate === true
              : document.readyState === 'complete';
        if (!ready) return false;
        const scripts = performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.js')) as PerformanceResourceTiming[];
        return scripts.reduce((sum, entry) => sum + entry.transferSize, 0) || -1;
      },
      usable,
      { timeout: 60_000, polling: 'raf' },
    );
    const before = Number(await bytes.jsonValue());
    await page.waitForTimeout(settleMs);
    return { before, requested };
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const ratio = (value: number, floor: number) => `${(value / floor).toFixed(2)}×`;
const check = (ok: boolean) => (ok ? 'yes' : 'NO');

function printTable(title: string, results: Map<string, Figures>) {
  const floorFigures = results.get('floor')!;
  console.log(`\n${title}`);
  console.table(
    [...results].map(([page, f]) => ({
      page,
      JS: kb(f.js),
      'JS/floor': page === 'floor' ? '' : ratio(f.js, floorFigures.js),
      total: kb(f.total),
      FCP: seconds(f.fcp),
      LCP: seconds(f.lcp),
      'LCP/floor': page === 'floor' ? '' : ratio(f.lcp, floorFigures.lcp),
      TBT: `${f.tbt.toFixed(0)} ms`,
      CLS: f.cls.toFixed(3),
      performance: f.performance.toFixed(0),
      accessibility: f.accessibility.toFixed(0),
    })),
  );
}

function printScoreChecks(label: string, results: Map<string, Figures>) {
  for (const path of pages) {
    const f = results.get(path)!;
    const ok = f.performance >= 98 && f.cls === 0 && f.tbt <= 50 && f.accessibility === 100;
    console.log(
      `  ${path} (${label}): performance ≥ 98, CLS 0, TBT ≤ 50 ms, accessibility 100: ${check(ok)}`,
    );
  }
}

const floorDir = await buildFloor();
const floor = await serveFloor(floorDir);
const ours = await startOurs();
const chrome = await chromeLauncher.launch({
  chromePath: executablePath,
  chromeFlags: chromiumArgs,
});
try {
  const measured = { devtools: new Map<string, Figures>(), simulate: new Map<string, Figures>() };
  for (const method of ['devtools', 'simulate'] as const) {
    measured[method].set('floor', await lighthouseFigures(`${floor.url}/`, chrome.port, method));
    for (const path of pages) {
      measured[method].set(path, await lighthouseFigures(ours.url + path, chrome.port, method));
    }
  }
  printTable(
    `public pages, Lighthouse ${runs}× per page, mobile, slow 4G and 4× CPU applied in Chromium ` +
      `(DevTools throttling), medians; ratios against the floor (an empty React 19 page)`,
    measured.devtools,
  );
  printTable(
    `the same, with Lighthouse's default simulated throttling (Lantern)`,
    measured.simulate,
  );

  const floorUsable = await scriptsUntil(`${floor.url}/`, 'heading', 0);
  const form = await scriptsUntil(`${ours.url}/convite`, 'form', 0);
  const landing = await scriptsUntil(`${ours.url}/`, 'loaded', 3000);
  const formCode = landing.requested.filter((path) => /registration-page|form-checks/.test(path));
  console.log(
    `\n/convite: JavaScript before the form is usable ${kb(form.before)} ` +
      `(${ratio(form.before, floorUsable.before)} the floor's ${kb(floorUsable.before)} before ` +
      `it shows; DevTools-throttled slow 4G and 4× CPU)`,
  );
  console.log(`/: form code the landing fetched by itself: ${formCode.join(', ') || 'none'}`);

  const applied = measured.devtools;
  const base = applied.get('floor')!;
  console.log('\nbudgets (LCP with throttling applied):');
  console.log(`  / JS ≤ 1.25× floor: ${check(applied.get('/')!.js <= 1.25 * base.js)}`);
  console.log(`  / LCP ≤ floor + 10 %: ${check(applied.get('/')!.lcp <= 1.1 * base.lcp)}`);
  console.log(
    `  /convite JS before usable ≤ 2× floor: ${check(form.before <= 2 * floorUsable.before)}`,
  );
  console.log(
    `  /convite LCP ≤ 1.25× floor: ${check(applied.get('/convite')!.lcp <= 1.25 * base.lcp)}`,
  );
  printScoreChecks('applied', measured.devtools);
  printScoreChecks('simulated', measured.simulate);
} finally {
  await chrome.kill();
  await ours.close();
  await floor.close();
  rmSync(scratch, { recursive: true, force: true });
}
