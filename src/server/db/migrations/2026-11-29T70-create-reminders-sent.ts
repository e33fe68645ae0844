import type { Kysely } from 'kysely';

// Only adds. The reminders queued (issue 35.1, decision 0263): one row per registration and
// reminder (its hours before the start), written in the transaction that queues its messages. The
// primary key makes a reminder go once to a person, whichever instance queues it; what has gone
// stays gone when the date moves. Goes with its registration.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reminders_sent')
    .ifNotExists()
    .addColumn('registration_id', 'varchar(36)', (col) =>
      col.notNull().references('registrations.id').onDelete('cascade'),
    )
    .addColumn('hours_before', 'integer', (col) => col.notNull())
    .addColumn('queued_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('reminders_sent_pkey', ['registration_id', 'hours_before'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reminders_sent').ifExists().execute();
}
