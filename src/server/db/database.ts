// Opens the database named by DATABASE_URL (SQLite file or PostgreSQL) and migrates it.
import { mkdirSync, promises as fs } from 'node:fs';
import path, { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import {
  FileMigrationProvider,
  Kysely,
  Migrator,
  PostgresDialect,
  type MigrationResultSet,
  SqliteDialect,
  sql,
} from 'kysely';
import pg from 'pg';
import { ConfigError } from '../config-error.ts';
import { runKeptStatementsPrepared } from './prepared-on-postgres.ts';
import { withPreparedStatements } from './prepared-statements.ts';
import type { Database } from './schema.ts';
import { groupCommit, transactionEach, type WriteTransactions } from './write-transactions.ts';

// Every file in this folder is a migration, applied in name order: `.ts` under tsx and Vitest,
// `.js` in the build.
export const migrationProvider = new FileMigrationProvider({
  fs,
  path,
  migrationFolder: fileURLToPath(new URL('./migrations', import.meta.url)),
});

export interface Db {
  kysely: Kysely<Database>;
  kind: 'sqlite' | 'postgres';
  /** The SQLite handle, for pragmas and checkpoints; absent on PostgreSQL. */
  sqlite?: SQLite.Database;
  /**
   * On PostgreSQL: the pool the queries use, and the address, for a connection of its own (a
   * LISTEN for live changes must not sit in the pool).
   */
  postgres?: { pool: pg.Pool; connectionString: string };
  /**
   * Write transactions of callers that run side by side (registrations): grouped into one commit
   * on SQLite, one transaction each on PostgreSQL (write-transactions.ts).
   */
  writes: WriteTransactions;
  /**
   * Moves the SQLite write-ahead log into the main file and empties it, without waiting: false
   * when another connection's read kept it from completing (try again later). True on PostgreSQL.
   */
  checkpoint(): Promise<boolean>;
  close(): Promise<void>;
}

export function sqlitePath(databaseUrl: string): string {
  return resolve(databaseUrl.replace(/^file:/, ''));
}

function openSqlite(databaseUrl: string): Db {
  const file = sqlitePath(databaseUrl);
  mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // Durability first: an answered 201 survives kill -9 and power loss.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // Deleted rows are overwritten, so an erased person's data is really gone (LGPD).
  sqlite.pragma('secure_delete = ON');
  // Statement journals in memory: a group commit gives each registration a savepoint, and SQLite
  // copies every page a savepoint's work changes into that journal first; in a temporary file
  // that cost 12-20 % of SQLite's registrations/s (decision 0153). Not part of durability: the
  // write-ahead log is.
  sqlite.pragma('temp_store = MEMORY');
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withPreparedStatements(sqlite) }),
  });
  const writes = groupCommit(kysely);
  return {
    kysely,
    kind: 'sqlite',
    sqlite,
    writes,
    async checkpoint() {
      // With the busy timeout, a reader elsewhere (a backup, `npm run admin`, a second instance)
      // would block the event loop for seconds and the checkpoint would still not complete.
      const busyTimeout = sqlite.pragma('busy_timeout', { simple: true }) as number;
      sqlite.pragma('busy_timeout = 0');
      try {
        const [result] = sqlite.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
        return result?.busy === 0;
      } finally {
        sqlite.pragma(`busy_timeout = ${busyTimeout}`);
      }
    },
    async close() {
      await writes.settled();
      await kysely.destroy();
    },
  };
}

function openPostgres(databaseUrl: string, onIdleError: (error: Error) => void): Db {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection the server closed (a restart, a failover, a dropped database): the pool
  // discards it and the next query opens another. Unheard, the error would end the process.
  pool.on('error', onIdleError);
  pool.on('connect', runKeptStatementsPrepared);
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const writes = transactionEach(kysely);
  return {
    kysely,
    kind: 'postgres',
    postgres: { pool, connectionString: databaseUrl },
    writes,
    async checkpoint() {
      return true;
    },
    async close() {
      await writes.settled();
      await kysely.destroy();
    },
  };
}

/**
 * DATABASE_URL passed its format check but names a database this process cannot use (none by that
 * name, nobody listening, not an SQLite file): the operator has a variable or a database to fix,
 * so it stops a start like a bad variable does, with a line saying what to check.
 */
export class DatabaseUnavailableError extends ConfigError {}

/** What to check, pt-BR then English, by the driver's code. */
function whatToCheck(code: unknown): [string, string] {
  switch (code) {
    case '3D000':
      return [
        'crie o banco no PostgreSQL ou corrija o nome dele no endereço',
        'create the database in PostgreSQL or fix its name in the URL',
      ];
    case '28P01':
    case '28000':
      return ['confira o usuário e a senha no endereço', 'check the user and password in the URL'];
    case 'ECONNREFUSED':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return [
        'confira o servidor e a porta no endereço, e se o PostgreSQL está rodando',
        'check the host and port in the URL, and that PostgreSQL is running',
      ];
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return ['confira o nome do servidor no endereço', 'check the host name in the URL'];
    case 'SQLITE_NOTADB':
      return [
        'aponte para o banco deste servidor, ou para um arquivo que ainda não existe (ele é criado)',
        "point it at this server's database, or at a file that does not exist yet (it is created)",
      ];
    case 'SQLITE_CANTOPEN':
    case 'ENOTDIR':
    case 'EEXIST':
    case 'EISDIR':
    case 'EACCES':
    case 'EROFS':
      return [
        'confira o caminho (file:CAMINHO, um arquivo e não uma pasta) e as permissões da pasta',
        "check the path (file:PATH, a file and not a folder) and its folder's permissions",
      ];
    default:
      return [
        'confira o endereço e se o banco aceita conexões',
        'check the URL and that the database accepts connections',
      ];
  }
}

function unavailable(databaseUrl: string, error: unknown): DatabaseUnavailableError {
  const { code, message, errors } = error as Error & { code?: unknown; errors?: Error[] };
  // Node's AggregateError (one attempt per address of a host name) has no message of its own.
  let cause = message || errors?.map((each) => each.message).join(', ') || String(code);
  if (databaseUrl.startsWith('file:')) {
    const file = sqlitePath(databaseUrl);
    if (!cause.includes(file)) cause = `${file}: ${cause}`;
  } else {
    // No driver message is known to quote the password; this keeps it that way.
    const password = URL.canParse(databaseUrl) ? new URL(databaseUrl).password : '';
    if (password) {
      cause = cause.replaceAll(password, '***').replaceAll(safeDecode(password), '***');
    }
  }
  const [pt, en] = whatToCheck(code);
  return new DatabaseUnavailableError(
    `Não foi possível abrir o banco de DATABASE_URL (${cause}): ${pt}. / ` +
      `Could not open the database at DATABASE_URL (${cause}): ${en}.`,
    { cause: error },
  );
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Opens the database; a DATABASE_URL it cannot use throws DatabaseUnavailableError. */
async function connect(databaseUrl: string, onIdleError: (error: Error) => void): Promise<Db> {
  if (databaseUrl.startsWith('file:')) {
    try {
      return openSqlite(databaseUrl);
    } catch (error) {
      throw unavailable(databaseUrl, error);
    }
  }
  const db = openPostgres(databaseUrl, onIdleError);
  // The pool connects on its first query: made here, before the migrations, so that only a failure
  // to connect is put down to DATABASE_URL, and a failing migration still shows its own error.
  try {
    await ping(db);
  } catch (error) {
    await db.close();
    throw unavailable(databaseUrl, error);
  }
  return db;
}

/**
 * The database was migrated by a newer version of this site (a migration this code does not
 * have): on several instances, an instance still on the old code that restarts after the first
 * updated one migrated; or old code put back over a newer database. The operator updates this
 * code; nothing is changed in the database.
 */
export class DatabaseFromNewerVersionError extends ConfigError {}

/** The migrations this database ran that this code does not have, in name order. */
async function migrationsFromNewerVersion(db: Db): Promise<string[]> {
  const known = new Set(Object.keys(await migrationProvider.getMigrations()));
  const ran = await db.kysely
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
async function migrate(db: Db): Promise<MigrationResultSet> {
  if (!db.sqlite) return migrator(db.kysely).migrateToLatest();
  return migrateSqlite(db.sqlite);
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

export async function openDatabase(
  databaseUrl: string,
  { onIdleError = () => {} }: { onIdleError?: (error: Error) => void } = {},
): Promise<Db> {
  const db = await connect(databaseUrl, onIdleError);
  let error: unknown;
  try {
    ({ error } = await migrate(db));
  } catch (thrown) {
    error = thrown;
  }
  if (error) {
    // Kysely refuses a database with a migration it cannot find as 'corrupted migrations'.
    const unknown = await migrationsFromNewerVersion(db).catch(() => []);
    await db.close();
    throw unknown.length > 0 ? fromNewerVersion(unknown, error) : error;
  }
  return db;
}

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db.kysely);
}
