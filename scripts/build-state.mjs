// Whether dist/ is missing or older than the sources it is built from (after a `git pull`,
// say): `npm start`, `npm run admin` and `npm run bench` rebuild or fall back instead of
// running yesterday's server and migrations.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outputs = ['dist/server/server.js', 'dist/web/index.html'];
const inputs = [
  'src',
  'public',
  'index.html',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.server.json',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestMtime(join(path, entry))),
    0,
  );
}

export function buildIsCurrent() {
  const paths = outputs.map((output) => join(root, output));
  if (!paths.every((path) => existsSync(path))) return false;
  const builtAt = Math.min(...paths.map((path) => statSync(path).mtimeMs));
  return inputs.every((input) => newestMtime(join(root, input)) <= builtAt);
}
