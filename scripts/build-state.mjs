// Whether dist/ holds a whole build newer than the sources it is built from (after a `git pull`,
// say): `npm start`, `npm run admin` and `npm run bench` rebuild or fall back instead of
// running yesterday's server and migrations, or a build one of whose steps failed. `npm run
// build` removes the marker first and writes it after its last step succeeded (issue 31.14):
// tsc writes its JavaScript even when it finds a type error, so the outputs alone cannot tell.
// `node scripts/build-state.mjs begin|complete` are those two steps.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Written by the build's last step only: the build before it all succeeded. */
export const buildMarker = 'dist/build-complete';
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
  const marker = join(root, buildMarker);
  if (!existsSync(marker)) return false;
  if (!outputs.every((output) => existsSync(join(root, output)))) return false;
  const builtAt = statSync(marker).mtimeMs;
  return inputs.every((input) => newestMtime(join(root, input)) <= builtAt);
}

const step = process.argv[1] === fileURLToPath(import.meta.url) ? process.argv[2] : undefined;
if (step === 'begin') {
  rmSync(join(root, buildMarker), { force: true });
} else if (step === 'complete') {
  mkdirSync(dirname(join(root, buildMarker)), { recursive: true });
  writeFileSync(join(root, buildMarker), `${new Date().toISOString()}\n`);
} else if (step !== undefined) {
  console.error(`build-state.mjs: unknown step ${step} (begin, complete)`);
  process.exit(2);
}
