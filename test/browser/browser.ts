// Debian's Chromium driven by playwright-core, with the page's console errors and CSP
// violations collected so a test can assert there were none. One Chromium per test worker, started
// at its first use and kept for every file the worker runs; each launchBrowser() is a fresh
// context of it (its own cookies, storage, service workers, permissions). A launch that needs a
// Chromium of its own (a fake camera, switches, a profile kept on disk) gets one (decision 0181).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { workerChromiumPrefix } from '../run/run-folder.ts';

export const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, and nothing that reaches out to the network on its own (this machine has none). */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium 156 gives every new window (each context) the omnibox's two suggestion popups, each
  // a WebUI page in a renderer of its own: two thirds of the CPU a context costs, for a browser
  // bar no test sees (decision 0285).
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

export interface TestBrowser {
  context: BrowserContext;
  /** A new page; its console errors and CSP violations land in `problems`. */
  newPage(): Promise<Page>;
  problems: string[];
  close(): Promise<void>;
}

export interface LaunchOptions {
  viewport?: { width: number; height: number };
  reducedMotion?: boolean;
  /**
   * A fake camera showing this video (an absolute path to a .y4m or .mjpeg file; one per launch,
   * looping), with the camera permission granted.
   */
  camera?: string;
  /** A profile folder to reuse (a relaunch keeps cookies, IndexedDB, the service worker). */
  userDataDir?: string;
  /** Start without network. */
  offline?: boolean;
  /** More Chromium switches (`--deny-permission-prompts`, `--host-resolver-rules=…`). */
  args?: string[];
  /** The permissions granted at launch; by default the camera's when there is a fake camera. */
  permissions?: string[];
  /** False: pages as a browser that runs no JavaScript sees them. */
  javaScriptEnabled?: boolean;
}

let shared: Promise<Browser> | undefined;

/**
 * This worker's Chromium, started at its first use. Vitest stops a worker with SIGTERM and then
 * SIGKILL, too soon for Playwright to close Chromium and remove its profile: so the profile and
 * Chromium's own temporary files go to one folder named for the worker, which the run's teardown
 * removes as expected (decision 0182).
 */
function sharedBrowser(): Promise<Browser> {
  shared ??= launchShared()
    .then((browser) => {
      // A Chromium that crashed is replaced at the next launchBrowser().
      browser.on('disconnected', () => (shared = undefined));
      return browser;
    })
    .catch((error: unknown) => {
      shared = undefined;
      throw error;
    });
  return shared;
}

/** The folder of this process's shared Chromium (its profile and temporary files). */
let sharedFolder: string | undefined;

/**
 * Closes this process's shared Chromium and removes its folder: for a script (a bench) that ends
 * by itself. A test worker need not: the run's teardown removes the folder.
 */
export async function closeSharedBrowser(): Promise<void> {
  const browser = await shared?.catch(() => undefined);
  shared = undefined;
  await browser?.close();
  if (sharedFolder) rmSync(sharedFolder, { recursive: true, force: true });
  sharedFolder = undefined;
}

async function launchShared(): Promise<Browser> {
  const folder = mkdtempSync(join(tmpdir(), workerChromiumPrefix));
  sharedFolder = folder;
  // Playwright makes the profile and its artifacts' folder in os.tmpdir() as it launches.
  const runTmp = process.env.TMPDIR;
  process.env.TMPDIR = folder;
  try {
    return await chromium.launch({
      executablePath,
      headless: true,
      args: chromiumArgs,
      env: { ...process.env, TMPDIR: folder },
    });
  } finally {
    if (runTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = runTmp;
  }
}

/** A Chromium of its own: what the shared one cannot be given per context. */
function needsOwnChromium(options: LaunchOptions): boolean {
  return Boolean(options.camera || options.userDataDir || options.args?.length);
}

export async function launchBrowser(options: LaunchOptions = {}): Promise<TestBrowser> {
  const contextOptions: BrowserContextOptions = {
    permissions: options.permissions ?? (options.camera ? ['camera'] : []),
    offline: options.offline ?? false,
    viewport: options.viewport ?? { width: 390, height: 844 },
    locale: 'pt-BR',
    timezoneId: 'America/New_York',
    reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  };
  if (!needsOwnChromium(options)) {
    const context = await (await sharedBrowser()).newContext(contextOptions);
    return withProblems(context, () => context.close());
  }
  const userDataDir = options.userDataDir ?? mkdtempSync(join(tmpdir(), 'inscricoes-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args: [
      ...chromiumArgs,
      ...(options.camera
        ? [
            '--use-fake-device-for-media-stream',
            `--use-file-for-fake-video-capture=${options.camera}`,
          ]
        : []),
      ...(options.args ?? []),
    ],
    ...contextOptions,
  });
  return withProblems(context, async () => {
    await context.close();
    if (!options.userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  });
}

function withProblems(context: BrowserContext, close: () => Promise<void>): TestBrowser {
  const problems: string[] = [];
  return {
    context,
    problems,
    async newPage() {
      const page = await context.newPage();
      page.on('console', (message) => {
        const text = message.text();
        if (message.type() === 'error' || /Content Security Policy/i.test(text)) {
          problems.push(`${message.type()}: ${text}`);
        }
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      return page;
    },
    close,
  };
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** axe-core's violations on the page as it is now (rule id and the first target of each). */
export async function axeViolations(page: Page): Promise<string[]> {
  // Judged as it rests: a card that fades in just as axe reads it has less contrast for 0.4 s
  // than it ever shows afterwards. With reduced motion every animation ends at once (theme.css),
  // whatever started since the test's last wait.
  const moving = await page.evaluate(() => !matchMedia('(prefers-reduced-motion: reduce)').matches);
  if (moving) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
  try {
    return await runAxe(page);
  } finally {
    if (moving) await page.emulateMedia({ reducedMotion: 'no-preference' });
  }
}

async function runAxe(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(): Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> };
      }
    ).axe;
    const result = await axe.run();
    return result.violations.map((v) => `${v.id} ${JSON.stringify(v.nodes[0]?.target)}`);
  });
  return violations;
}

/**
 * Waits until React has hydrated (or rendered) the page: its root element then carries React's
 * own fiber property. A server-rendered page shows before that, but does not respond yet.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const first = document.querySelector('#root > *');
    return first !== null && Object.keys(first).some((key) => key.startsWith('__reactFiber'));
  });
}

/**
 * The form page starts its app at the visitor's first sign of presence (docs/decisions/0100): the
 * pointer moves over the page, as a visitor's would, then this waits until the app has it.
 */
export async function live(page: Page): Promise<void> {
  await page.mouse.move(20, 20);
  await page.mouse.move(40, 40);
  await hydrated(page);
}
