// `npm run admin -- <command> <email>`: the admin-account tool (src/server/admin/admin.cli.ts),
// from the build when there is one, else straight from the TypeScript source through tsx.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = new URL('../dist/server/admin/admin.cli.js', import.meta.url);
if (existsSync(built)) {
  await import(built.href);
} else {
  const source = fileURLToPath(new URL('../src/server/admin/admin.cli.ts', import.meta.url));
  const result = spawnSync(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), source, ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  process.exit(result.status ?? 1);
}
