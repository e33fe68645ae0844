import type { Kysely } from 'kysely';

// Only adds. Certificates of attendance (issue 36): one row per certificate issued, under its
// verification code. It keeps what the verification page shows and nothing else about the person
// (no e-mail, no phone): the registration may be erased and the certificate stays verifiable
// (its registration_id becomes null). One certificate per registration, so issuing twice, or
// from two instances at once, gives one. Minutes, not hours: a half hour stays exact on both
// engines.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('certificates')
    .ifNotExists()
    .addColumn('code', 'varchar(19)', (col) => col.primaryKey())
    .addColumn('registration_id', 'varchar(36)', (col) =>
      col.references('registrations.id').onDelete('set null'),
    )
    .addColumn('event_id', 'varchar(36)')
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('event_name', 'varchar(200)', (col) => col.notNull())
    .addColumn('event_date', 'varchar(10)', (col) => col.notNull())
    .addColumn('minutes', 'integer', (col) => col.notNull())
    .addColumn('organizer', 'varchar(200)', (col) => col.notNull())
    .addColumn('issued_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('certificates_registration_id')
    .ifNotExists()
    .unique()
    .on('certificates')
    .column('registration_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('certificates').ifExists().execute();
}
