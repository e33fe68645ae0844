// What the backup and restore tools share: their one argument, the SQLite file they work on,
// one way to fail with a message, and the answer for PostgreSQL, whose own tools do the job.
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { sqlitePath } from '../db/database.ts';

export class UsageError extends Error {}

export const postgresHint = {
  backup:
    'O banco é PostgreSQL: use pg_dump -Fc "$DATABASE_URL" -f copia.dump (veja docs/operating.md). / ' +
    'The database is PostgreSQL: use pg_dump -Fc "$DATABASE_URL" -f backup.dump (see docs/operating.md).',
  restore:
    'O banco é PostgreSQL: use pg_restore --clean --if-exists --no-owner -d "$DATABASE_URL" copia.dump ' +
    '(veja docs/operating.md). / The database is PostgreSQL: use pg_restore --clean --if-exists --no-owner -d ' +
    '"$DATABASE_URL" backup.dump (see docs/operating.md).',
};

/**
 * The file named by `npm run <tool> -- <file>` (absolute) and the SQLite database DATABASE_URL
 * names; a UsageError for anything else, or the PostgreSQL hint.
 */
export function fileAndDatabase(
  args: readonly string[],
  usage: string,
  tool: keyof typeof postgresHint,
): { file: string; database: string } {
  const [file, ...rest] = args;
  if (!file || rest.length > 0 || file.startsWith('-')) throw new UsageError(usage);
  const { databaseUrl } = loadConfig();
  if (!databaseUrl.startsWith('file:')) throw new UsageError(postgresHint[tool]);
  return { file: resolve(file), database: sqlitePath(databaseUrl) };
}

/** Runs the tool's main; prints a known failure's message and sets the exit code. */
export async function runTool(
  main: () => Promise<void>,
  known: Array<new (...args: never[]) => Error>,
) {
  try {
    await main();
  } catch (error) {
    const isKnown = known.some((type) => error instanceof type);
    console.error(isKnown ? (error as Error).message : error);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  }
}
