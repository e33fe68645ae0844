// `npm run bench`: builds when the build is missing or stale, then runs every measurement
// and prints its figures.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { buildIsCurrent } from '../scripts/build-state.mjs';

function run(command, args) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exitCode = 1;
}

if (!buildIsCurrent()) {
  run('npm', ['run', 'build']);
}
const scripts = readdirSync('bench')
  .filter((f) => /\.(mjs|ts)$/.test(f) && f !== 'run.mjs')
  .sort();
// tsx for all: the .mjs benches import the TypeScript test harness (test/).
for (const script of scripts) run('npx', ['tsx', `bench/${script}`]);
