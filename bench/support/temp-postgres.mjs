// A throw-away PostgreSQL database for a bench, on the server the tests use (TEST_POSTGRES_URL,
// or the local one with the postgres user): created here, dropped by `drop()`. Undefined when no
// server answers, so that a bench prints its other figures without one.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function onAdmin(statement) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function tempPostgres() {
  const name = `inscricoes_bench_${randomBytes(6).toString('hex')}`;
  try {
    await onAdmin(`create database ${name}`);
  } catch {
    return undefined;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onAdmin(`drop database if exists ${name} with (force)`),
  };
}
