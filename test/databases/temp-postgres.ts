// The one helper for throw-away PostgreSQL databases (tests and benches alike), on the server
// TEST_POSTGRES_URL names, or the local one with the postgres user: created here, dropped by
// `drop()`.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import {
  databasePrefix,
  droppedDatabasesFolder,
  runFolder,
  runVariable,
} from '../run/run-folder.ts';
import { migratedPostgresTemplate } from './migrated-template.ts';

export const adminUrl =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The run's migrated database that the others are copied from (decision 0183). */
export function templateName(): string {
  return `${databasePrefix()}template`;
}

export interface TempPostgres {
  url: string;
  /**
   * Done with it. In a test run, recorded for the run's teardown to drop: each DROP DATABASE
   * waits for a checkpoint, a second or more on a busy disk, and the teardown's drops share a
   * few. Outside a run (a bench), dropped now.
   */
  drop(): Promise<void>;
}

export interface TempPostgresOptions {
  /**
   * Commits wait for their WAL record on disk, as in production: what a bench measures. Tests
   * leave it off (decision 0081).
   */
  durable?: boolean;
  /**
   * No migration run yet, as an operator's new database: for the tests of the migrations and of
   * the start that runs them. Otherwise, in a test run, a copy of the run's migrated template
   * (decision 0183); benches, outside a run, always get an empty one.
   */
  empty?: boolean;
}

async function onAdmin(statements: string[]) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createTempPostgres(options: TempPostgresOptions = {}): Promise<TempPostgres> {
  // Named after the run, so that its teardown finds any a test forgot to drop (decision 0182).
  const name = `${databasePrefix()}${randomBytes(6).toString('hex')}`;
  const copied = options.empty || !process.env[runVariable] ? undefined : templateName();
  if (copied) await migratedPostgresTemplate(adminUrl, copied);
  await onAdmin([
    copied ? `create database ${name} template ${copied}` : `create database ${name}`,
    // A commit answers before its WAL record reaches the disk (no fsync to wait for): the same
    // transactions and the same isolation, only a PostgreSQL crash could lose the last ones, and
    // no test crashes PostgreSQL (decision 0081).
    ...(options.durable ? [] : [`alter database ${name} set synchronous_commit = off`]),
  ]);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      if (!process.env[runVariable]) {
        await onAdmin([`drop database if exists ${name} with (force)`]);
        return;
      }
      // Recorded for the run's teardown, which drops them all at once (decision 0184).
      const dropped = join(runFolder(), droppedDatabasesFolder);
      mkdirSync(dropped, { recursive: true });
      writeFileSync(join(dropped, name), '');
    },
  };
}

/**
 * A durable database for a bench, or undefined when no PostgreSQL server answers: the bench then
 * prints its other figures without one.
 */
export async function tempPostgres(): Promise<TempPostgres | undefined> {
  try {
    return await createTempPostgres({ durable: true });
  } catch {
    return undefined;
  }
}
