import type { Kysely } from 'kysely';

// The outbox (issue 16): one row per message to send, written in the transaction of the change
// that causes it, claimed by the senders inside every server process. Ids, states and times only:
// the address, the phone and the body are read from the registration when the message is sent,
// so nothing personal stays here, and the rows go with their registration (foreign key).
// Channels whose provider refuses our credentials are paused in `sending_pauses` for the panel.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('messages')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('registration_id', 'varchar(36)', (col) =>
      col.notNull().references('registrations.id').onDelete('cascade'),
    )
    .addColumn('channel', 'varchar(16)', (col) => col.notNull())
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    /** While queued: not before this time (ISO). */
    .addColumn('next_attempt_at', 'varchar(32)', (col) => col.notNull())
    /** While sending: the claim lapses then, and any sender may take the message again. */
    .addColumn('lease_until', 'varchar(32)')
    /** The provider's id: the WhatsApp wamid (its webhooks name it), the SMTP server's answer. */
    .addColumn('provider_id', 'varchar(200)')
    .addColumn('error_code', 'varchar(64)')
    .addColumn('error_message', 'varchar(500)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('messages_due')
    .on('messages')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('messages_registration_id')
    .on('messages')
    .columns(['registration_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('messages_provider_id')
    .on('messages')
    .column('provider_id')
    .execute();

  await db.schema
    .createTable('sending_pauses')
    .addColumn('channel', 'varchar(16)', (col) => col.primaryKey())
    .addColumn('message', 'varchar(500)', (col) => col.notNull())
    .addColumn('since', 'varchar(32)', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sending_pauses').execute();
  await db.schema.dropTable('messages').execute();
}
