// `npm run screenshots`: builds when the build is missing or stale, then takes the public pages'
// screenshots (scripts/visitor-screenshots.ts, through tsx: it starts the real server from source).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent } from './build-state.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!buildIsCurrent()) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: root });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const script = fileURLToPath(new URL('visitor-screenshots.ts', import.meta.url));
const result = spawnSync(
  process.execPath,
  ['--import', import.meta.resolve('tsx'), script, ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
