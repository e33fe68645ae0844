// Recognising a broken constraint on either engine, from the driver's error code.

/** A unique index or primary key refused the row (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505' // PostgreSQL's unique_violation, primary keys included
  );
}
