// Migrating the database to this code's schema, at every start, on any number of processes at
// once: Kysely's migrator on PostgreSQL (its own lock and transaction), one write transaction on
// SQLite (decision 0175); a database a newer version migrated is refused with what to do.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type SQLite from 'better-sqlite3';
import {
  FileMigrationProvider,
  Kysely,
  Migrator,
  type MigrationResultSet,
  SqliteDialect,
  sql,
} from 'kysely';
import { ConfigError } from '../config-error.ts';
import type { Database } from './schema.ts';

// Every file in migrations/ is a migration, applied in name order: `.ts` under tsx and Vitest,
// `.js` in the build.
export const migrationProvider = new FileMigrationProvider({
  fs,
  path,
  migrationFolder: fileURLToPath(new URL('./migrations', import.meta.url)),
});

/**
 * The database was migrated by a newer version of this site (a migration this code does not
 * have): on several instances, an instance still on the old code that restarts after the first
 * updated one migrated; or old code put back over a newer database. The operator updates this
 * code; nothing is changed in the database.
 */
export class DatabaseFromNewerVersionError extends ConfigError {}

/** The migrations this database ran that this code does not have, in name order. */
async function migrationsFromNewerVersion(kysely: Kysely<Database>): Promise<string[]> {
  const known = new Set(Object.keys(await migrationProvider.getMigrations()));
  const ran = await kysely
    .selectFrom('kysely_migration' as never)
    .select(sql<string>`name`.as('name'))
    .execute();
  return ran
    .map((row) => row.name)
    .filter((name) => !known.has(name))
    .sort();
}

function fromNewerVersion(unknown: string[], error: unknown): DatabaseFromNewerVersionError {
  const names = unknown.join(', ');
  const [pt, en] = unknown.length === 1 ? ['migração', 'migration'] : ['migrações', 'migrations'];
  return new DatabaseFromNewerVersionError(
    `O banco de DATABASE_URL foi atualizado por uma versão mais nova deste site (${pt} ${names}, ` +
      `que este código não tem): atualize o código desta instância (git pull && npm ` +
      `install) e inicie de novo. / The database at DATABASE_URL was updated by a newer version ` +
      `of this site (${en} ${names}, which this code does not have): update this ` +
      `instance's code (git pull && npm install) and start it again.`,
    { cause: error },
  );
}

/** Runs the migrations this database has not run yet; Kysely's answer (its error, if any). */
async function migrate(
  kysely: Kysely<Database>,
  sqlite: SQLite.Database | undefined,
): Promise<MigrationResultSet> {
  if (!sqlite) return migrator(kysely).migrateToLatest();
  return migrateSqlite(sqlite);
}

function migrator(kysely: Kysely<Database>): Migrator {
  return new Migrator({
    db: kysely,
    provider: migrationProvider,
    // Work on separate branches lands in any order: a migration named before one a database
    // already ran is applied, not refused (docs/decisions/0044).
    allowUnorderedMigrations: true,
  });
}

/** How long a start waits for another process's migrations of the same SQLite file. */
const sqliteMigrationWaitMs = 60_000;

/**
 * SQLite: every pending migration in one write transaction, taken before Kysely reads which ones
 * ran (decision 0175). On PostgreSQL Kysely holds a lock and a transaction of its own; on SQLite it
 * has neither. Two processes starting at once on one file (the server and `npm run admin` after an
 * update) ran the same migrations, and one stopped on 'table already exists' or 'no such table';
 * a process killed between two statements of a migration left the file half migrated, refused at
 * every start after. Here the second waits for the first and finds nothing left to run, and a
 * migration that fails, or a crash, leaves the file as it was. Migrations that open their own
 * transaction (`begin immediate` … `commit` / `rollback`) get a savepoint inside this one.
 */
async function migrateSqlite(sqlite: SQLite.Database): Promise<MigrationResultSet> {
  const busyTimeout = sqlite.pragma('busy_timeout', { simple: true }) as number;
  sqlite.pragma(`busy_timeout = ${sqliteMigrationWaitMs}`);
  try {
    sqlite.exec('begin immediate');
  } finally {
    sqlite.pragma(`busy_timeout = ${busyTimeout}`);
  }
  const own = new Map([
    ['begin immediate', 'savepoint migration'],
    ['commit', 'release migration'],
    ['rollback', 'rollback to migration'],
  ]);
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({
      database: {
        prepare: (text) => sqlite.prepare(own.get(text.trim().toLowerCase()) ?? text),
        // The handle is the server's: it stays open.
        close: () => {},
      },
    }),
  });
  try {
    const result = await migrator(kysely).migrateToLatest();
    sqlite.exec(result.error ? 'rollback' : 'commit');
    return result;
  } finally {
    if (sqlite.inTransaction) sqlite.exec('rollback');
    await kysely.destroy();
  }
}

/**
 * Runs the migrations this database has not run yet; throws what stopped them, as
 * DatabaseFromNewerVersionError when this code lacks a migration the database ran.
 */
export async function migrateToLatest(
  kysely: Kysely<Database>,
  sqlite: SQLite.Database | undefined,
): Promise<void> {
  let error: unknown;
  try {
    ({ error } = await migrate(kysely, sqlite));
  } catch (thrown) {
    error = thrown;
  }
  if (!error) return;
  // Kysely refuses a database with a migration it cannot find as 'corrupted migrations'.
  const unknown = await migrationsFromNewerVersion(kysely).catch(() => []);
  throw unknown.length > 0 ? fromNewerVersion(unknown, error) : error;
}
