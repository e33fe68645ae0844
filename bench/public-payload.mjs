// Prints what each page makes the browser download (JS and CSS, raw and gzipped), from the
// built site: the public pages must stay small and never load the admin panel's code.
// Run after `npm run build`: node bench/public-payload.mjs
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = 'dist/web';
const assets = join(root, 'assets');
const html = readFileSync(join(root, 'index.html'), 'utf8');
const entry = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)].map((m) => m[1]);

function size(file) {
  const bytes = readFileSync(join(assets, file));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

function kb(n) {
  return `${(n / 1024).toFixed(1)} KB`;
}

// Static imports of a chunk, followed transitively (Vite emits `from"./x.js"`).
function closure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  if (!file.endsWith('.js')) return seen;
  const code = readFileSync(join(assets, file), 'utf8');
  for (const m of code.matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)) closure(m[1], seen);
  return seen;
}

const publicFiles = new Set(entry.flatMap((f) => [...closure(f)]));
const adminChunk = readdirSync(assets).find((f) => /^admin-page-.*\.js$/.test(f));
const adminFiles = adminChunk ? [...closure(adminChunk)].filter((f) => !publicFiles.has(f)) : [];

function report(label, files) {
  const total = files.reduce(
    (acc, f) => {
      const s = size(f);
      return { raw: acc.raw + s.raw, gzip: acc.gzip + s.gzip };
    },
    { raw: 0, gzip: 0 },
  );
  console.log(`${label}: ${kb(total.raw)} raw, ${kb(total.gzip)} gzip (${files.length} files)`);
  for (const f of files) console.log(`  ${f}: ${kb(size(f).raw)} raw, ${kb(size(f).gzip)} gzip`);
}

report('public pages (/, /convite, /obrigado)', [...publicFiles]);
report('admin panel, loaded only on /admin', adminFiles);
console.log(
  `admin code in the public payload: ${[...publicFiles].some((f) => f.startsWith('admin-page-')) ? 'YES' : 'no'}`,
);
