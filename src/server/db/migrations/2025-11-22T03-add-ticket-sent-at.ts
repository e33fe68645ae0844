import type { Kysely } from 'kysely';

// When the organizer last sent the person's WhatsApp ticket (ISO 8601 UTC text); null: never.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('registrations').addColumn('ticket_sent_at', 'varchar(32)').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('registrations').dropColumn('ticket_sent_at').execute();
}
