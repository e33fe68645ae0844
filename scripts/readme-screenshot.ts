// The README's picture (docs/screenshot.png): the form on a phone beside the admin panel with a
// few registrations, one image. Run after a build, under the browser lock:
//   flock /tmp/chromium.lock npx tsx scripts/readme-screenshot.ts [file]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { paths } from '../src/shared/paths.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { register } from '#test/servers/test-server.ts';
import { launchBrowser } from '#test/browser/browser.ts';
import { animationsDone, openPanel } from '#test/browser/admin-panel.ts';

const output = resolve(process.argv[2] ?? 'docs/screenshot.png');
const work = mkdtempSync(join(tmpdir(), 'readme-screenshot-'));
// The default event, a year ahead: the pages then announce an event still to come.
const eventFile = join(work, 'event.json');
writeFileSync(eventFile, JSON.stringify({ date: '2027-12-04', capacity: 120 }));

const people = [
  ['Ana Beatriz Souza', 'Construtora Horizonte', '+5511912345678'],
  ['Bruno Carvalho', 'Engenharia Alvorada', '+5521987654321'],
  ['Camila Ferreira', 'Segurança do Trabalho Norte', '+5531998877665'],
  ['Diego Martins', 'Obras Atlântico', '+5541991234567'],
  ['Elisa Rocha', 'Construtora Horizonte', '+5511934567890'],
  ['Fernando Lima', 'Instituto Canteiro Seguro', '+5561992345678'],
] as const;

const server = await startAppServer({ EVENT_CONFIG: eventFile });
const shots: Buffer[] = [];
try {
  const made = [];
  for (const [name, company, whatsapp] of people) {
    const email = `${name.split(' ')[0]!.toLowerCase()}@exemplo.com`;
    made.push(
      await register(server, { nome_completo: name, nome_compania: company, whatsapp, email }),
    );
  }

  const phone = await launchBrowser({ viewport: { width: 360, height: 740 } });
  try {
    const page = await phone.newPage();
    await page.goto(server.url + paths.register);
    await page.locator('main').waitFor();
    await page.getByLabel('Nome completo').fill('Gabriela Nunes');
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      scrollTo(0, 0);
    });
    await animationsDone(page);
    shots.push(await page.screenshot());
  } finally {
    await phone.close();
  }

  const desktop = await launchBrowser({ viewport: { width: 1280, height: 740 } });
  try {
    const page = await desktop.newPage();
    await openPanel(page, server);
    // Two confirmed, as an organizer's first minutes would leave the list.
    for (const registration of made.slice(0, 2)) {
      await page.evaluate(async (id) => {
        const response = await fetch(`/api/admin/registrations/${id}/confirm`, { method: 'POST' });
        if (!response.ok) throw new Error(`confirm: ${response.status}`);
      }, registration.id);
    }
    await page.getByText('Bruno Carvalho').first().waitFor();
    await page.getByText('Confirmada').first().waitFor();
    await animationsDone(page);
    shots.push(await page.screenshot());
  } finally {
    await desktop.close();
  }

  // Side by side, on a plain page: no image library needed.
  const [form, panel] = shots.map((png) => `data:image/png;base64,${png.toString('base64')}`);
  const canvas = await launchBrowser({ viewport: { width: 1700, height: 780 } });
  try {
    const page = await canvas.newPage();
    await page.setContent(
      `<body style="margin:0;background:#e5e7eb;display:flex;gap:20px;padding:20px;align-items:flex-start">
        <img src="${form}" width="360" height="740" style="border-radius:18px;box-shadow:0 2px 10px #0003">
        <img src="${panel}" width="1280" height="740" style="border-radius:8px;box-shadow:0 2px 10px #0003">
      </body>`,
    );
    await page.evaluate(() => Promise.all([...document.images].map((image) => image.decode())));
    writeFileSync(output, await page.screenshot());
  } finally {
    await canvas.close();
  }
} finally {
  await server.close();
  rmSync(work, { recursive: true, force: true });
}
console.log(`${output}: ${readFileSync(output).length} bytes`);
