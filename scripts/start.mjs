// `npm start`: builds when there is no build or the sources changed since (a fresh clone, a
// `git pull`), then serves the built site and the API.
import { spawnSync } from 'node:child_process';
import { buildIsCurrent } from './build-state.mjs';

if (!buildIsCurrent()) {
  console.log('Compilando o site (npm run build)… / Building the site…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('../dist/server/server.js');
