// The run's migrated databases, made once and copied for each test instead of running every
// migration again (decision 0183): an SQLite file in the run's folder, copied with the file
// system, and a PostgreSQL database that `create database … template` copies. The first worker
// that needs one makes it, by the product's own openDatabase, while holding a lock the other
// workers wait on; each worker then remembers it. Made per run (named after it, removed by its
// teardown), so a run always copies the migrations it has.
import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/database.ts';
import { runFolder, templatePrefix } from '../run/run-folder.ts';

/** Longer than any migration on a busy machine: a worker waits this long for another's. */
const lockWaitMs = 120_000;

let sqliteTemplate: Promise<string> | undefined;
let postgresTemplate: Promise<string> | undefined;

/** Writes a migrated SQLite database to `file` (a new path), as a copy of the run's template. */
export async function copyMigratedSqlite(file: string): Promise<void> {
  copyFileSync(
    await (sqliteTemplate ??= retriedIfFailed(makeSqliteTemplate(), forgetSqlite)),
    file,
  );
}

/** The name of the run's migrated PostgreSQL database, for `create database … template`. */
export function migratedPostgresTemplate(adminUrl: string, name: string): Promise<string> {
  return (postgresTemplate ??= retriedIfFailed(
    makePostgresTemplate(adminUrl, name),
    forgetPostgres,
  ));
}

const forgetSqlite = () => (sqliteTemplate = undefined);
const forgetPostgres = () => (postgresTemplate = undefined);

/** A template that could not be made fails the test that asked, and the next one tries again. */
function retriedIfFailed(making: Promise<string>, forget: () => void): Promise<string> {
  return making.catch((error: unknown) => {
    forget();
    throw error;
  });
}

async function makeSqliteTemplate(): Promise<string> {
  const file = join(runFolder(), `${templatePrefix}sqlite.db`);
  // An SQLite file of its own as the lock: the OS releases it if the worker dies.
  const lock = new SQLite(join(runFolder(), `${templatePrefix}sqlite.lock`));
  try {
    lock.pragma(`busy_timeout = ${lockWaitMs}`);
    lock.exec('begin exclusive');
    if (!existsSync(file)) {
      const making = `${file}.${process.pid}`;
      try {
        await migratedSqliteFile(making);
        // Only a finished template ever has the name.
        renameSync(making, file);
      } finally {
        for (const suffix of ['', '-wal', '-shm']) rmSync(`${making}${suffix}`, { force: true });
      }
    }
  } finally {
    if (lock.inTransaction) lock.exec('rollback');
    lock.close();
  }
  return file;
}

/** `file` migrated by the product's own start, as one self-contained file. */
async function migratedSqliteFile(file: string): Promise<void> {
  const db = await openDatabase(`file:${file}`);
  await db.close();
  // Kysely closes the handle only if a query of its own opened it; the migrations use it directly.
  db.sqlite?.close();
  // The write-ahead log folded in: a copy of the file alone is the whole database, and the
  // server's start turns the copy back to WAL as it does a new file.
  const folded = new SQLite(file);
  folded.pragma('journal_mode = DELETE');
  folded.close();
  if (existsSync(`${file}-wal`)) throw new Error(`${file}-wal left after closing`);
}

async function makePostgresTemplate(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    // Released with the session, also when this worker dies.
    await client.query(`set lock_timeout = ${lockWaitMs}`);
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    const { rows } = await client.query<{ datallowconn: boolean }>(
      'select datallowconn from pg_database where datname = $1',
      [name],
    );
    // Connections are refused once it is finished: `create database … template` copies only a
    // database nobody is connected to. One that still allows them was left half made.
    if (rows[0]?.datallowconn === false) return name;
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = await openDatabase(url.toString());
    await db.close();
    await client.query(`alter database ${name} with allow_connections false`);
    return name;
  } finally {
    await client.end();
  }
}
