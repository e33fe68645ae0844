import { sql, type QueryExecutorProvider } from 'kysely';

/** True on PostgreSQL: Kysely writes a parameter as `$1` there and as `?` on SQLite. */
export function isPostgres(db: QueryExecutorProvider): boolean {
  return sql`${1}`.compile(db).sql === '$1';
}
