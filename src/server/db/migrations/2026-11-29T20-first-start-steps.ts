import type { Kysely } from 'kysely';

// Only adds. The first start's steps after the setup link (issue 33.7, decision 0227): a row
// opened with the first admin, finished when the organizer saves the event or skips the screen.
// A table, not memory: the state survives a restart and every instance reads the same.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('first_start_steps')
    .ifNotExists()
    .addColumn('step', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('opened_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .addColumn('finished_how', 'varchar(16)')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('first_start_steps').ifExists().execute();
}
