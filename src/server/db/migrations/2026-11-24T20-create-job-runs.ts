import type { Kysely } from 'kysely';

// When each background job last ran, whichever instance ran it: a job runs when it is due, so
// several instances (or a restart) do not repeat it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('started_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('finished_at', 'varchar(32)', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_runs').execute();
}
