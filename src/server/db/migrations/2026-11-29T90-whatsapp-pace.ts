import type { Kysely } from 'kysely';

// Only adds. The next moment a WhatsApp request may leave, shared by every instance on one
// PostgreSQL database (decision 0192): one row per pace, its time in milliseconds on the
// database's own clock.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('whatsapp_pace')
    .ifNotExists()
    .addColumn('name', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('next_at', 'double precision', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('whatsapp_pace').ifExists().execute();
}
