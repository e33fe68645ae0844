// `npm run admin -- <command> <email>`: the account tool (src/server/admin/admin.cli.ts).
import { runCli } from './run-cli.mjs';

await runCli('admin/admin.cli');
