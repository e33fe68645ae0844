// The PostgreSQL databases this run created and did not drop: dropped here, and named, but for
// the run's migrated template (dropped as expected, not a leftover).
import pg from 'pg';
import { adminUrl, templateName } from '../databases/temp-postgres.ts';
import { databasePrefix } from './run-folder.ts';

export async function leftDatabases(): Promise<string[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
  } catch {
    // No PostgreSQL server: this run created no database there.
    return [];
  }
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1) order by datname',
      [databasePrefix()],
    );
    const names = rows.map((row) => row.datname);
    for (const name of names) await client.query(`drop database if exists ${name} with (force)`);
    return names.filter((name) => name !== templateName());
  } finally {
    await client.end();
  }
}
