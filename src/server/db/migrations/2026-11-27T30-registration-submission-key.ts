import type { Kysely } from 'kysely';

// The key the form sent a registration under (Idempotency-Key, decision 0168): a visitor whose
// answer was lost (a dropped connection, a timeout) and who sends again is answered as the first
// time, with their own page, instead of "this e-mail is already registered". Random, from the
// browser; null for registrations sent without one. Read only beside the row its e-mail finds.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('registrations').addColumn('submission_key', 'varchar(64)').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('registrations').dropColumn('submission_key').execute();
}
