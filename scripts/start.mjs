// `npm start`: builds on first run (fresh clone), then serves the built site and the API.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const built = existsSync('dist/server/server.js') && existsSync('dist/web/index.html');
if (!built) {
  console.log('Primeira execução: compilando o site (npm run build)…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('../dist/server/server.js');
