// `npm run admin -- <command> <email>`: the admin-account tool (src/server/admin/admin.cli.ts),
// from the build when it is current, else straight from the TypeScript source through tsx.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent } from './build-state.mjs';

if (buildIsCurrent()) {
  await import(new URL('../dist/server/admin/admin.cli.js', import.meta.url).href);
} else {
  const source = fileURLToPath(new URL('../src/server/admin/admin.cli.ts', import.meta.url));
  const result = spawnSync(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), source, ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  process.exit(result.status ?? 1);
}
