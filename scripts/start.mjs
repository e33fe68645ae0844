// `npm start`: builds when there is no build or the sources changed since (a fresh clone, a
// `git pull`), then serves the built site and the API.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent } from './build-state.mjs';

if (!buildIsCurrent()) {
  console.log('Compilando o site (npm run build)… / Building the site…');
  const root = fileURLToPath(new URL('..', import.meta.url));
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('../dist/server/server.js');
