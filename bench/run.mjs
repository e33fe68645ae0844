// `npm run bench`: builds when the build is missing or stale, then runs every measurement
// and prints its figures. `npm run bench -- <name> [<name>…]` runs only those (`reminders`,
// `certificates.ts`: a script's name, with or without its extension).
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
const chosen = process.argv.slice(2).map((name) => name.replace(/^bench\//, ''));
const all = readdirSync('bench')
  .filter((f) => /\.(mjs|ts)$/.test(f) && f !== 'run.mjs')
  .sort();
const named = (file, name) => file === name || file.replace(/\.(mjs|ts)$/, '') === name;
const unknown = chosen.filter((name) => !all.some((file) => named(file, name)));
if (unknown.length > 0) {
  console.error(`no bench named ${unknown.join(', ')}; there are: ${all.join(', ')}`);
  process.exit(1);
}
const scripts =
  chosen.length === 0 ? all : all.filter((file) => chosen.some((name) => named(file, name)));
// tsx for all: the .mjs benches import the TypeScript test harness (test/).
for (const script of scripts) run('npx', ['tsx', `bench/${script}`]);
