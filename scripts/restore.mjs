// `npm run restore -- <file>`: puts a copy back, server stopped (src/server/ops/restore.cli.ts).
import { runCli } from './run-cli.mjs';

await runCli('ops/restore.cli');
