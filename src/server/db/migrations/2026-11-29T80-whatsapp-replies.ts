import type { Kysely } from 'kysely';

// Only adds. Replies on WhatsApp (issue 35.2, decision 0280): `rsvp` on a registration ('yes' once
// the person answered 'Vou comparecer'; null: they said nothing), and one row per incoming reply
// Meta delivered, by its own message id, written in the transaction of what the reply did: a
// webhook delivered twice finds its row and changes nothing twice. Goes with its registration.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('registrations').addColumn('rsvp', 'varchar(8)').execute();
  await db.schema
    .createTable('whatsapp_replies')
    .ifNotExists()
    .addColumn('message_id', 'varchar(200)', (col) => col.primaryKey())
    .addColumn('registration_id', 'varchar(36)', (col) =>
      col.notNull().references('registrations.id').onDelete('cascade'),
    )
    .addColumn('action', 'varchar(16)', (col) => col.notNull())
    .addColumn('received_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('whatsapp_replies_registration')
    .ifNotExists()
    .on('whatsapp_replies')
    .column('registration_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('whatsapp_replies').ifExists().execute();
  await db.schema.alterTable('registrations').dropColumn('rsvp').execute();
}
