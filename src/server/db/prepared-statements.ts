// Kysely's SQLite driver prepares every query it runs afresh; the same few statements (a
// registration's inserts, the live hub's reads) run thousands of times a second under load, and
// preparing was a tenth of the server's time there. This keeps them prepared (decision 0106).
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * The database as Kysely's SqliteDialect takes it, with a statement cache: the most recent
 * `size` distinct SQL texts stay prepared (queries with lists of varying length each make their
 * own text, hence the bound).
 */
export function withPreparedStatements(sqlite: SQLite.Database, size = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(sql) {
      const cached = cache.get(sql);
      // A statement still being iterated (a stream) cannot run again until it is done.
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(sql);
      if (!cached) {
        if (cache.size >= size) cache.delete(cache.keys().next().value!);
        cache.set(sql, statement);
      }
      return statement;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}
