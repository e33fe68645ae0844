import type { Kysely } from 'kysely';

// Frozen in time: typed with Kysely<any>, never the app's current Database.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('registrations')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('nome_completo', 'varchar(200)', (col) => col.notNull())
    .addColumn('whatsapp', 'varchar(32)', (col) => col.notNull())
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('email_key', 'varchar(254)', (col) => col.notNull())
    .addColumn('nome_compania', 'varchar(200)', (col) => col.notNull())
    .addColumn('levar_alguem', 'varchar(8)')
    .addColumn('confirmacao', 'varchar(8)')
    .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('pending'))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('registrations_email_key_unique')
    .on('registrations')
    .column('email_key')
    .unique()
    .execute();
  await db.schema
    .createIndex('registrations_created_at')
    .on('registrations')
    .column('created_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('registrations').execute();
}
