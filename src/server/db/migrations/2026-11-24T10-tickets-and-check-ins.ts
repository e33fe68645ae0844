import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

// Event day (issue 10): each confirmed registration gets a ticket code (128 random bits,
// base64url; unique, never derived from the id), and its check-in (when, by whom). Check-in
// requests are kept with their answer under the phone's Idempotency-Key, so a retry is answered
// the same and is never a second entry; they go with the registration. Confirmed registrations
// get their codes here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('registrations').addColumn('ticket_code', 'varchar(32)').execute();
  await db.schema.alterTable('registrations').addColumn('checked_in_at', 'varchar(32)').execute();
  await db.schema.alterTable('registrations').addColumn('checked_in_by', 'varchar(254)').execute();
  await db.schema
    .createIndex('registrations_ticket_code_unique')
    .on('registrations')
    .column('ticket_code')
    .unique()
    .execute();

  const confirmed = await db
    .selectFrom('registrations')
    .select('id')
    .where('status', '=', 'confirmed')
    .execute();
  for (const { id } of confirmed) {
    await db
      .updateTable('registrations')
      .set({ ticket_code: randomBytes(16).toString('base64url') })
      .where('id', '=', id)
      .execute();
  }

  await db.schema
    .createTable('check_in_requests')
    .addColumn('idempotency_key', 'varchar(200)', (col) => col.primaryKey())
    .addColumn('account_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('registration_id', 'varchar(36)', (col) =>
      col.notNull().references('registrations.id').onDelete('cascade'),
    )
    /** What was asked: `code:<code>` or `id:<registration id>`; a reused key asks something else. */
    .addColumn('target', 'varchar(240)', (col) => col.notNull())
    /** The 200 answer's JSON, sent again as it was to a retry. */
    .addColumn('answer', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('check_in_requests_registration_id')
    .on('check_in_requests')
    .column('registration_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('check_in_requests').execute();
  await db.schema.dropIndex('registrations_ticket_code_unique').execute();
  await db.schema.alterTable('registrations').dropColumn('checked_in_by').execute();
  await db.schema.alterTable('registrations').dropColumn('checked_in_at').execute();
  await db.schema.alterTable('registrations').dropColumn('ticket_code').execute();
}
