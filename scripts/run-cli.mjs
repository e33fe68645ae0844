// Runs one of the server's command-line tools (`src/server/<name>.ts`): from the build when it is
// current, else straight from the TypeScript source through tsx.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent } from './build-state.mjs';

export async function runCli(name) {
  if (buildIsCurrent()) {
    await import(new URL(`../dist/server/${name}.js`, import.meta.url).href);
    return;
  }
  const source = fileURLToPath(new URL(`../src/server/${name}.ts`, import.meta.url));
  const result = spawnSync(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), source, ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  process.exit(result.status ?? 1);
}
