// The admin panel's bytes on the wire as `npm start` serves them (bodies only, Brotli and gzip,
// as the browser takes them): the first load of /admin signed in (the page, its scripts and its
// style sheet), then what opening 'Resultados' adds (the figures and the charts' library, a chunk
// of their own: docs/decisions/0140). A measurement, not a test: it prints figures. Bounded.
// Run after a build: npx tsx bench/panel-bytes.ts [repository root, this one by default]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { closeSharedBrowser, launchBrowser } from '#test/browser/browser.ts';
import { api, paths } from '../src/shared/paths.ts';
import { validRegistration } from '#test/builders/registrations.ts';

const root = resolve(process.argv[2] ?? '.');
const port = 20_000 + Math.floor(Math.random() * 20_000);
const baseUrl = `http://127.0.0.1:${port}`;
const admin = { email: 'bytes@exemplo.com', password: 'senha-do-benchmark-2025' };
const dir = mkdtempSync(join(tmpdir(), 'panel-bytes-'));

const deadline = setTimeout(() => {
  console.error('panel-bytes: over 2 minutes, giving up');
  process.exit(1);
}, 120_000);

const server = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `file:${join(dir, 'panel.db')}`,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function started() {
  for (;;) {
    try {
      if ((await fetch(baseUrl + api.health)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
}

/** The body's size as sent with this Accept-Encoding (no decoding). */
function bodyBytes(url: string, encoding: string, cookie: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(url, { headers: { 'accept-encoding': encoding, cookie } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        res.statusCode === 200 ? done(bytes) : fail(new Error(`${url}: ${res.statusCode}`)),
      );
    });
    req.on('error', fail);
    req.end();
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function sizes(urls: readonly string[], cookie: string) {
  const total = { identity: 0, gzip: 0, br: 0 };
  const rows: string[] = [];
  for (const url of urls) {
    const [identity, gzip, br] = await Promise.all([
      bodyBytes(url, 'identity', cookie),
      bodyBytes(url, 'gzip', cookie),
      bodyBytes(url, 'br', cookie),
    ]);
    total.identity += identity;
    total.gzip += gzip;
    total.br += br;
    rows.push(
      `    ${new URL(url).pathname.padEnd(44)} ${kb(identity).padStart(9)} ${kb(gzip).padStart(9)} ${kb(br).padStart(9)}`,
    );
  }
  return { total, rows };
}

try {
  await started();
  const login = await fetch(baseUrl + api.adminLogin, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!login.ok) throw new Error(`login: ${login.status}`);
  const [name, value] = login.headers.get('set-cookie')!.split(';')[0]!.split('=') as [
    string,
    string,
  ];
  const cookie = `${name}=${value}`;
  // One registration, so that the results have something to draw.
  await fetch(baseUrl + api.registrations, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify(validRegistration()),
  });

  const browser = await launchBrowser();
  try {
    await browser.context.addCookies([{ name, value, url: baseUrl }]);
    const page = await browser.newPage();
    await page.goto(baseUrl + paths.admin);
    await page.getByRole('list', { name: '1 inscrição' }).waitFor();
    const loaded = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => /\.(js|css)$/.test(new URL(url).pathname)),
      );
    const first = await loaded();
    // Screens without a chart of their own, in the same page (main, before 0140, has none).
    await page.goto(`${baseUrl}${paths.admin}#resultados`);
    const results = await page
      .locator('figure svg')
      .first()
      .waitFor({ timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    const added = (await loaded()).filter((url) => !first.includes(url));

    const panel = await sizes([baseUrl + paths.admin, ...first], cookie);
    console.log(`Panel bytes (bodies: raw, gzip, Brotli) from ${root}`);
    console.log(`  /admin first load (page, scripts, style sheet):`);
    console.log(panel.rows.join('\n'));
    console.log(
      `    ${'total'.padEnd(44)} ${kb(panel.total.identity).padStart(9)} ${kb(panel.total.gzip).padStart(9)} ${kb(panel.total.br).padStart(9)}`,
    );
    if (results) {
      const extra = await sizes(added, cookie);
      console.log(`  opening 'Resultados' adds:`);
      console.log(extra.rows.join('\n'));
      console.log(
        `    ${'total'.padEnd(44)} ${kb(extra.total.identity).padStart(9)} ${kb(extra.total.gzip).padStart(9)} ${kb(extra.total.br).padStart(9)}`,
      );
    } else {
      console.log(`  no 'Resultados' charts in this build`);
    }
  } finally {
    await browser.close();
    await closeSharedBrowser();
  }
} finally {
  clearTimeout(deadline);
  server.kill('SIGTERM');
  await new Promise((done) => server.once('exit', done));
  rmSync(dir, { recursive: true, force: true });
}
