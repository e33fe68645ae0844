// The PostgreSQL databases this run created, dropped at its end, all at once: the ones its tests
// were done with (their drop() recorded the name, decision 0184) and the migrated template as
// expected; any other is a leftover, named so the run fails.
import pg from 'pg';
import { adminUrl, templateName } from '../databases/temp-postgres.ts';
import { databasePrefix } from './run-folder.ts';

/** Drops at a time: each waits for a checkpoint, and waiting ones share the next. */
const together = 8;

async function dropAll(names: readonly string[]): Promise<void> {
  const queue = [...names];
  async function dropper() {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      for (let name = queue.shift(); name; name = queue.shift()) {
        await client.query(`drop database if exists ${name} with (force)`);
      }
    } finally {
      await client.end();
    }
  }
  await Promise.all(Array.from({ length: Math.min(together, names.length) }, dropper));
}

/** Drops every database of this run; resolves with those no test said it was done with. */
export async function leftDatabases(done: ReadonlySet<string>): Promise<string[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
  } catch {
    // No PostgreSQL server: this run created no database there.
    return [];
  }
  let names: string[];
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1) order by datname',
      [databasePrefix()],
    );
    names = rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
  await dropAll(names);
  return names.filter((name) => name !== templateName() && !done.has(name));
}
