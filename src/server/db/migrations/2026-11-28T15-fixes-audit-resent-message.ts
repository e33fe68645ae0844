import type { Kysely } from 'kysely';

// Only adds. A message the organizer asked to send again is in the audit trail (issue 31.5), with
// which message it was: its kind (received, ticket, cancelled) and channel (email, whatsapp).
// Null on every other entry.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_entries').addColumn('message_kind', 'varchar(16)').execute();
  await db.schema.alterTable('audit_entries').addColumn('message_channel', 'varchar(16)').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_entries').dropColumn('message_channel').execute();
  await db.schema.alterTable('audit_entries').dropColumn('message_kind').execute();
}
