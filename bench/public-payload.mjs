// Prints what each page makes the browser download before it shows (JS and CSS, raw and
// gzipped), read from the built site's Vite manifest: the entry, plus the lazy page's chunks,
// which the server preloads with the page. Run after `npm run build`: node bench/public-payload.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = 'dist/web';
const manifest = JSON.parse(readFileSync(join(root, '.vite/manifest.json'), 'utf8'));

const pages = {
  '/ (landing), /obrigado, 404': null,
  '/convite (form)': 'src/web/features/registration/registration-page.tsx',
  '/privacidade': 'src/web/features/privacy/privacy-page.tsx',
  '/admin': 'src/web/features/admin/admin-page.tsx',
};

function files(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const imported of chunk.imports ?? []) files(imported, seen);
  return seen;
}

function size(file) {
  const bytes = readFileSync(join(root, file));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const entry = files('index.html');

for (const [label, module] of Object.entries(pages)) {
  const all = new Set([...entry, ...(module ? files(module) : [])]);
  const js = [...all].filter((f) => f.endsWith('.js')).map(size);
  const css = [...all].filter((f) => f.endsWith('.css')).map(size);
  const sum = (list, key) => list.reduce((total, s) => total + s[key], 0);
  console.log(
    `${label}: JS ${kb(sum(js, 'gzip'))} gzip (${kb(sum(js, 'raw'))} raw), ` +
      `CSS ${kb(sum(css, 'gzip'))} gzip, ${all.size} files`,
  );
}
const adminInPublic = [...entry].some((file) => file.includes('admin-page'));
console.log(`admin code in the entry chunk: ${adminInPublic ? 'YES' : 'no'}`);
