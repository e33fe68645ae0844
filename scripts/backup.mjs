// `npm run backup -- <file>`: a consistent copy of the SQLite database (src/server/ops/backup.cli.ts).
import { runCli } from './run-cli.mjs';

await runCli('ops/backup.cli');
