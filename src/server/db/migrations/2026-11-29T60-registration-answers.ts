import type { Kysely } from 'kysely';

// The answers to the organizer's own questions (issue 34): one JSON object per registration, by
// question id, as text on both engines (read and written whole with the row; counted in the
// server, never queried inside). Null: none. Erased with the row, as everything of a person is.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('registrations').addColumn('respostas', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('registrations').dropColumn('respostas').execute();
}
