import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Only adds. The event's logo (issue 33.2, decision 0225): its bytes live in the database, so every
// instance serves it and a backup holds it, keyed by the hash of what is stored (the address it is
// served from). An edition's settings name it; editions may share one.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;
  await db.schema
    .createTable('event_images')
    .ifNotExists()
    .addColumn('hash', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('content_type', 'varchar(32)', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('bytes', bytes, (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('event_images').ifExists().execute();
}
