// A throw-away PostgreSQL database per test file, dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TempPostgres {
  url: string;
  drop(): Promise<void>;
}

export async function createTempPostgres(): Promise<TempPostgres> {
  const name = `inscricoes_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  // A commit answers before its WAL record reaches the disk (no fsync to wait for): the same
  // transactions and the same isolation, only a PostgreSQL crash could lose the last ones, and
  // no test crashes PostgreSQL (decision 0081).
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
