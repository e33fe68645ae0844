// What the backup and restore tools share: one way to fail with a message, and the answer for
// PostgreSQL, whose own tools do the job.
export class UsageError extends Error {}

export const postgresHint = {
  backup:
    'O banco é PostgreSQL: use pg_dump -Fc "$DATABASE_URL" -f copia.dump (veja o README). / ' +
    'The database is PostgreSQL: use pg_dump -Fc "$DATABASE_URL" -f backup.dump (see the README).',
  restore:
    'O banco é PostgreSQL: use pg_restore --clean --if-exists -d "$DATABASE_URL" copia.dump ' +
    '(veja o README). / The database is PostgreSQL: use pg_restore --clean --if-exists -d ' +
    '"$DATABASE_URL" backup.dump (see the README).',
};

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
