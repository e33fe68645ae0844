import { PostgresAdapter, type QueryExecutorProvider } from 'kysely';

/**
 * True on PostgreSQL. Asked several times per write (the live-change log, the outbox): read off
 * the executor's adapter, not by compiling a query each time.
 */
export function isPostgres(db: QueryExecutorProvider): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
