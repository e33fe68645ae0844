import type { Kysely } from 'kysely';

// The first start's setup links (admin/first-admin-setup.ts): one per instance that started with
// no admin, only as a hash, alive while its instance renews it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('setup_tokens')
    .addColumn('token_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('alive_until', 'varchar(32)', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('setup_tokens').execute();
}
