// The public pages as a visitor on a phone gets them, beside the floor: an empty React 19 page
// built in this same run with the same Vite and the same compression. Our site runs exactly as
// an operator starts it (`npm start`: scripts/start.mjs) in a scratch folder. Beside both, a blank
// page (a heading and a line of text: no style sheet, no script), measured the same way: what the
// host's own browser work weighs in each method, which no page can go below (decision 0154).
//
// Lighthouse 12's mobile preset, three runs per page and throttling method, medians, in one table
// with both methods side by side: the slow 4G and 4× slower CPU applied in Chromium (DevTools
// throttling), and Lighthouse's default, simulated from an unthrottled load (what PageSpeed
// Insights and a plain `lighthouse URL` report). JavaScript and total bytes on the wire (transfer
// sizes, headers included), FCP, LCP, TBT, CLS, the performance and accessibility scores. Then,
// in Chromium throttled through the DevTools protocol (the same slow 4G and 4× CPU): how long the
// form page's app takes to have the form after the visitor's first touch, with the JavaScript
// downloaded by then. Last, the budgets, judged on both methods.
//
// Run: npx tsx bench/public-pages.ts   (after `npm run build`; `npm run bench` builds first)
// `-- --configured`: the site as an organizer who wrote everything the landing takes starts it (a
// description of 2,000 characters, four cards, the thank-you pages' texts at their longest), to
// judge the budgets with the heaviest pages an organizer can make (issue 33.9). `-- --logo`: with
// a logo sent through the panel's route as an organizer would (a 1200 × 300 PNG, stored at 480 ×
// 120), to judge the pages that show it (issue 33.2); `-- --questions`: the form asking ten questions
// of the organizer's own, of every kind (issue 34.3); the options combine, and `-- --page /`
// (repeatable) measures only the pages named.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
import { chromiumArgs, executablePath } from '#test/browser/browser.ts';
import { freePort } from '#test/servers/child-server.ts';
import { cityQuestion, meetupQuestions, questionsOf } from '#test/builders/form-questions.ts';
import { sendLogo } from './lib/event-logo.ts';

const runs = 3;
/** `-- --page /`, repeatable: only those pages (beside the floor and the blank page). */
const chosen = process.argv.flatMap((arg, i, all) => (arg === '--page' ? [all[i + 1]!] : []));
const pages =
  chosen.length > 0 ? chosen : ['/', '/convite', '/obrigado', '/privacidade', '/nao-existe'];
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
const configured = process.argv.includes('--configured');
const withLogo = process.argv.includes('--logo');
const withQuestions = process.argv.includes('--questions');

/** Ten questions a meetup asks, of every kind (a select among them): the form at its issue's bound. */
const tenQuestions = [
  ...meetupQuestions,
  cityQuestion,
  ...questionsOf([
    { kind: 'text', label: 'Empresa onde trabalha ou estuda' },
    { kind: 'choice', label: 'Nível de experiência', options: ['Júnior', 'Pleno', 'Sênior'] },
    { kind: 'yes_no', label: 'Quer receber os slides por e-mail?' },
    { kind: 'long_text', label: 'Sugestão de tema para o próximo encontro' },
  ]),
];

/** The heaviest landing an organizer can write: every text at its limit, four cards. */
function heaviestEvent(): string {
  const words = (length: number) =>
    'Uma noite de palestras curtas e conversa para quem programa em Recife. '
      .repeat(Math.ceil(length / 70))
      .slice(0, length)
      .trim();
  const first = words(600);
  const second = `${words(560)} https://recife.dev/agenda`;
  // The third fills the description to its 2,000 characters (ending on a letter, kept by the trim).
  const third = `${words(2000).slice(0, 2000 - first.length - second.length - 5)}.`;
  const paragraphs = [first, second, third];
  const file = join(scratch, 'event.json');
  const thanks = { title: words(80), text: words(500) };
  writeFileSync(
    file,
    JSON.stringify({
      ...(withQuestions && { questions: tenQuestions }),
      name: 'Encontro Dev Recife',
      eyebrow: words(80),
      description: paragraphs.join('\n\n'),
      highlights: (['microphone', 'people', 'coffee', 'certificate'] as const).map((icon) => ({
        icon,
        title: words(40),
        text: words(80),
      })),
      thanks: { received: thanks, confirmed: thanks, waitlisted: thanks },
    }),
  );
  return file;
}

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

/** The blank page: what a page with nothing in it measures on this host. */
const blankPage =
  '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Em branco</title>' +
  '</head><body><h1>Em branco</h1><p>Uma página sem estilo e sem script.</p></body></html>';

async function serveFloor(dir: string) {
  const app = Fastify();
  app.get('/em-branco', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(blankPage),
  );
  await app.register(fastifyStatic, { root: dir, preCompressed: true });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return { url: `http://localhost:${port}`, close: () => app.close() };
}

/** The defaults with ten questions only (`--questions` without `--configured`). */
function questionsEvent(): { EVENT_CONFIG: string } {
  const file = join(scratch, 'event.json');
  writeFileSync(file, JSON.stringify({ questions: tenQuestions }));
  return { EVENT_CONFIG: file };
}

/** `npm start`, as an operator runs it, on a fresh database in a scratch folder. */
async function startOurs() {
  const port = await freePort();
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...(configured ? { EVENT_CONFIG: heaviestEvent() } : withQuestions ? questionsEvent() : {}),
  };
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: scratch,
    env: { ...env, PATH: process.env.PATH },
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
  if (withLogo) await sendLogo(url, { cwd: scratch, env });
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
  /** Lighthouse's measure of the host's speed during the run (higher: faster). */
  benchmarkIndex: number;
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
      // By address, not by Lighthouse's type: code fetched ahead (`rel=prefetch`) is JavaScript
      // the visitor downloads all the same.
      js: requests
        .filter((item) => /\.m?js$/.test(new URL(item.url).pathname))
        .reduce((sum, item) => sum + item.transferSize, 0),
      total: requests.reduce((sum, item) => sum + item.transferSize, 0),
      fcp: audits['first-contentful-paint']!.numericValue!,
      lcp: audits['largest-contentful-paint']!.numericValue!,
      tbt: audits['total-blocking-time']!.numericValue!,
      cls: audits['cumulative-layout-shift']!.numericValue!,
      performance: categories.performance!.score! * 100,
      accessibility: categories.accessibility!.score! * 100,
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
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
    benchmarkIndex: pick('benchmarkIndex'),
  };
}

interface NetworkItem {
  url: string;
  resourceType: string;
  transferSize: number;
}

/**
 * In Chromium throttled like Lighthouse's preset: the form page opened, and the visitor's first
 * touch on its first field once the page has loaded and gone quiet (`afterLoad`) or as soon as the
 * field shows; how long until the app has the form (its own checks guard it from then on:
 * `noValidate`), and the script bytes (transfer sizes) received by then.
 */
async function firstTouch(url: string, afterLoad: boolean) {
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, hasTouch: true });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', slow4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(url, { waitUntil: afterLoad ? 'networkidle' : 'commit' });
    const field = page.getByLabel('Nome completo');
    await field.waitFor();
    const touched = await page.evaluate(() => performance.now());
    await field.tap();
    // A function, not a string: the pages' CSP forbids evaluating strings.
    const result = await page.waitForFunction(
      () => {
        if (document.querySelector('form')?.noValidate !== true) return false;
        const scripts = performance
          .getEntriesByType('resource')
          .filter((entry) =>
            /\.m?js$/.test(new URL(entry.name).pathname),
          ) as PerformanceResourceTiming[];
        const bytes = scripts.reduce((sum, entry) => sum + entry.transferSize, 0);
        return { at: performance.now(), bytes };
      },
      undefined,
      { timeout: 60_000, polling: 'raf' },
    );
    const { at, bytes } = (await result.jsonValue()) as { at: number; bytes: number };
    return { ms: at - touched, bytes };
  } finally {
    await browser.close();
  }
}

/** The bytes of script an empty React page downloads before it shows anything, so throttled. */
async function floorScriptBytes(url: string) {
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', slow4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(url, { waitUntil: 'commit' });
    const result = await page.waitForFunction(
      () => {
        if (document.querySelector('h1') === null) return false;
        const scripts = performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.js')) as PerformanceResourceTiming[];
        return scripts.reduce((sum, entry) => sum + entry.transferSize, 0) || -1;
      },
      undefined,
      { timeout: 60_000, polling: 'raf' },
    );
    return Number(await result.jsonValue());
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const ratio = (value: number, floor: number) => `${(value / floor).toFixed(2)}×`;
const check = (ok: boolean) => (ok ? 'yes' : 'NO');
const methods = ['devtools', 'simulate'] as const;
const methodName = { devtools: 'applied', simulate: 'simulated' } as const;

function printTable(measured: Record<Throttling, Map<string, Figures>>) {
  const rows = [...measured.devtools.keys()].map((page) => {
    const row: Record<string, string> = { page };
    const applied = measured.devtools.get(page)!;
    row.JS = kb(applied.js);
    row.total = kb(applied.total);
    for (const method of methods) {
      const f = measured[method].get(page)!;
      const floor = measured[method].get('floor')!;
      const name = methodName[method];
      row[`perf ${name}`] = f.performance.toFixed(0);
      row[`TBT ${name}`] = `${f.tbt.toFixed(0)} ms`;
      row[`FCP ${name}`] = seconds(f.fcp);
      row[`LCP ${name}`] = seconds(f.lcp);
      row[`LCP/floor ${name}`] = page === 'floor' ? '' : ratio(f.lcp, floor.lcp);
      row[`CLS ${name}`] = f.cls.toFixed(3);
    }
    row.a11y = methods.map((method) => measured[method].get(page)!.accessibility).join('/');
    return row;
  });
  const indexes = methods.flatMap((method) =>
    [...measured[method].values()].map((f) => f.benchmarkIndex),
  );
  console.log(
    `\npublic pages, Lighthouse ${runs}× per page and method, mobile (slow 4G, 4× CPU), medians. ` +
      `"applied": throttling applied in Chromium (DevTools); "simulated": Lighthouse's default ` +
      `(Lantern, from an unthrottled load). JS and total: bytes on the wire, headers included ` +
      `(from the applied runs). Floor: an empty React 19 page. Blank: a heading and a line of ` +
      `text, no style sheet, no script. Lighthouse's benchmark index of this host: ` +
      `${Math.min(...indexes).toFixed(0)}–${Math.max(...indexes).toFixed(0)} (medians per page).`,
  );
  console.table(rows);
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
  for (const method of methods) {
    measured[method].set('floor', await lighthouseFigures(`${floor.url}/`, chrome.port, method));
    measured[method].set(
      'blank',
      await lighthouseFigures(`${floor.url}/em-branco`, chrome.port, method),
    );
    for (const path of pages) {
      measured[method].set(path, await lighthouseFigures(ours.url + path, chrome.port, method));
    }
  }
  printTable(measured);

  const floorBytes = await floorScriptBytes(`${floor.url}/`);
  const touchLoaded = await firstTouch(`${ours.url}/convite`, true);
  const touchEarly = await firstTouch(`${ours.url}/convite`, false);
  console.log(
    `\n/convite, DevTools-throttled slow 4G and 4× CPU: from the visitor's first touch to the ` +
      `app having the form ${touchLoaded.ms.toFixed(0)} ms once the page has loaded ` +
      `(${kb(touchLoaded.bytes)} of JavaScript by then, ${ratio(touchLoaded.bytes, floorBytes)} ` +
      `what the floor downloads before it shows anything, ${kb(floorBytes)}); ` +
      `${touchEarly.ms.toFixed(0)} ms when the touch comes as the field first shows`,
  );

  console.log('\nbudgets, judged on each throttling method:');
  for (const method of methods) {
    const results = measured[method];
    const base = results.get('floor')!;
    const name = methodName[method];
    // Judged only when '/' was measured (`--page` may name others alone).
    const landing = results.get('/');
    if (landing) {
      console.log(`  / JS ≤ 1.25× floor (${name}): ${check(landing.js <= 1.25 * base.js)}`);
    }
    // The blank page first: where it misses a budget, the host misses it, whatever the page.
    for (const path of ['blank', ...pages]) {
      const f = results.get(path)!;
      const scores = f.performance >= 98 && f.cls === 0 && f.tbt <= 50 && f.accessibility === 100;
      const lcp = f.lcp <= base.lcp;
      console.log(
        `  ${path} (${name}): performance ≥ 98, CLS 0, TBT ≤ 50 ms, accessibility 100: ` +
          `${check(scores)}; LCP ≤ the floor's: ${check(lcp)}`,
      );
    }
  }
  console.log(
    `  /convite JS when its form is the app's ≤ 2× floor: ${check(touchLoaded.bytes <= 2 * floorBytes)}`,
  );
} finally {
  await chrome.kill();
  await ours.close();
  await floor.close();
  rmSync(scratch, { recursive: true, force: true });
}
