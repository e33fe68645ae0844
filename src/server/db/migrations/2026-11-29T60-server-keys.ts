import type { Kysely } from 'kysely';

// Only adds. Keys the server makes for itself and every instance shares (issue 36.4: the key that
// seals the certificate's file links for WhatsApp, decision 0238). A row per key, written once by
// whichever instance needs it first.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('server_keys')
    .ifNotExists()
    .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('key', 'varchar(128)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('server_keys').ifExists().execute();
}
