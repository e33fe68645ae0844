// A database as an older release left it, for migration tests: a fresh SQLite file or a
// throw-away PostgreSQL database, migrated up to (and including) one named migration only.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { expect } from 'vitest';
import { migrationProvider } from '../../src/server/db/migrate.ts';
import { createTempPostgres, type TempPostgres } from './temp-postgres.ts';

export interface OlderDatabase {
  /** Its DATABASE_URL, for openDatabase (which then migrates it to the latest). */
  url: string;
  /** A connection typed for no release in particular; destroy it before opening the url. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  old: Kysely<any>;
}

/** `dir` holds SQLite files; PostgreSQL databases are pushed to `created`, to drop afterwards. */
export async function olderDatabase(
  engine: 'SQLite' | 'PostgreSQL',
  lastMigration: string,
  { dir, created }: { dir: string; created: TempPostgres[] },
): Promise<OlderDatabase> {
  let url: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let old: Kysely<any>;
  if (engine === 'SQLite') {
    const file = join(dir, `${randomUUID()}.db`);
    url = `file:${file}`;
    old = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(file) }) });
  } else {
    const database = await createTempPostgres({ empty: true });
    created.push(database);
    url = database.url;
    old = new Kysely({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url }) }),
    });
  }
  const migrated = await new Migrator({ db: old, provider: migrationProvider }).migrateTo(
    lastMigration,
  );
  expect(migrated.error).toBeUndefined();
  return { url, old };
}
