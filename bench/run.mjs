// `npm run bench`: builds if needed, then runs every measurement and prints its figures.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

function run(command, args) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exitCode = 1;
}

if (!existsSync('dist/server/server.js') || !existsSync('dist/web/index.html')) {
  run('npm', ['run', 'build']);
}
const scripts = readdirSync('bench')
  .filter((f) => /\.(mjs|ts)$/.test(f) && f !== 'run.mjs')
  .sort();
for (const script of scripts) {
  if (script.endsWith('.ts')) run('npx', ['tsx', `bench/${script}`]);
  else run('node', [`bench/${script}`]);
}
