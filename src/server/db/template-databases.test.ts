// The tests' databases are copies of the run's migrated template (decision 0183): on both engines
// a copy has run every migration this code has, so the server's start finds none left; and a
// PostgreSQL database asked for empty has run none, for the tests of the migrations themselves.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';
import { migrationProvider } from './migrate.ts';

const databases: TempPostgres[] = [];
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

const allMigrations = async () => Object.keys(await migrationProvider.getMigrations()).sort();

/** A server's migrations as its database recorded them: names, and when each ran. */
async function migrationsRun(server: TestServer) {
  return server.app.db.kysely
    .selectFrom('kysely_migration' as never)
    .select([sql<string>`name`.as('name'), sql<string>`timestamp`.as('timestamp')])
    .orderBy(sql`name`)
    .execute();
}

describe.each([['SQLite'], ['PostgreSQL']] as const)('on %s', (engine) => {
  it('starts test servers on copies of one database that ran every migration of this code', async () => {
    const servers: TestServer[] = [];
    try {
      for (let i = 0; i < 2; i += 1) {
        let env: Record<string, string> = {};
        if (engine === 'PostgreSQL') {
          const database = await createTempPostgres();
          databases.push(database);
          env = { DATABASE_URL: database.url };
        }
        servers.push(await startTestServer(env));
      }
      const [first, second] = await Promise.all(servers.map(migrationsRun));
      expect(first!.map((row) => row.name)).toEqual(await allMigrations());
      // Run once, when the template was made: neither server's start ran one.
      expect(second).toEqual(first);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  });
});

it('makes a PostgreSQL database asked for empty with no table: no migration has run', async () => {
  const database = await createTempPostgres({ empty: true });
  databases.push(database);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select table_name from information_schema.tables where table_schema = 'public'`,
    );
    expect(rows).toEqual([]);
  } finally {
    await client.end();
  }
});
