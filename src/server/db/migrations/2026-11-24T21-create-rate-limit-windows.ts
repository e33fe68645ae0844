import type { Kysely } from 'kysely';

// The registration rate limit, counted in the database so every instance shares one count: one
// row per client and route, a fixed window at a time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_windows')
    .addColumn('key', 'varchar(300)', (col) => col.primaryKey())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .addColumn('ends_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_windows_ends_at')
    .on('rate_limit_windows')
    .column('ends_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_windows').execute();
}
