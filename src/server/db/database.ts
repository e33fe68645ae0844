// Opens the database named by DATABASE_URL (SQLite file or PostgreSQL) and migrates it
// (migrate.ts); a URL it cannot use stops the start with what to check (connection-errors.ts).
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { withCommitWakes, type CommitWakes } from './commit-wakes.ts';
import { unavailable } from './connection-errors.ts';
import { migrateToLatest } from './migrate.ts';
import { runKeptStatementsPrepared } from './prepared-on-postgres.ts';
import { withPreparedStatements } from './prepared-statements.ts';
import type { Database } from './schema.ts';
import { groupCommit, transactionEach, type WriteTransactions } from './write-transactions.ts';

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
  /** What each commit wakes once done: the live hub, the outbox (commit-wakes.ts). */
  wakes: CommitWakes;
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

function openSqlite(databaseUrl: string, options: OpenOptions): Db {
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
  const { dialect, wakes } = withCommitWakes(
    new SqliteDialect({ database: withPreparedStatements(sqlite) }),
    options.onWakeError,
  );
  const kysely = new Kysely<Database>({ dialect });
  const writes = groupCommit(kysely);
  return {
    kysely,
    kind: 'sqlite',
    sqlite,
    writes,
    wakes,
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

function openPostgres(databaseUrl: string, options: OpenOptions): Db {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection the server closed (a restart, a failover, a dropped database): the pool
  // discards it and the next query opens another. Unheard, the error would end the process.
  pool.on('error', options.onIdleError ?? (() => {}));
  pool.on('connect', runKeptStatementsPrepared);
  const { dialect, wakes } = withCommitWakes(new PostgresDialect({ pool }), options.onWakeError);
  const kysely = new Kysely<Database>({ dialect });
  const writes = transactionEach(kysely);
  return {
    kysely,
    kind: 'postgres',
    postgres: { pool, connectionString: databaseUrl },
    writes,
    wakes,
    async checkpoint() {
      return true;
    },
    async close() {
      await writes.settled();
      await kysely.destroy();
    },
  };
}

/** Opens the database; a DATABASE_URL it cannot use throws DatabaseUnavailableError. */
async function connect(databaseUrl: string, options: OpenOptions): Promise<Db> {
  if (databaseUrl.startsWith('file:')) {
    try {
      return openSqlite(databaseUrl, options);
    } catch (error) {
      throw unavailable(databaseUrl, error, sqlitePath(databaseUrl));
    }
  }
  const db = openPostgres(databaseUrl, options);
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

export interface OpenOptions {
  /** PostgreSQL: an idle connection of the pool was closed (it is replaced). */
  onIdleError?: (error: Error) => void;
  /** A listener of `wakes` threw after a commit (the commit itself is done). */
  onWakeError?: (error: unknown) => void;
}

export async function openDatabase(databaseUrl: string, options: OpenOptions = {}): Promise<Db> {
  const db = await connect(databaseUrl, options);
  try {
    await migrateToLatest(db.kysely, db.sqlite);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db.kysely);
}
