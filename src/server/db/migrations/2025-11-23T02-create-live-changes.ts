import { sql, type Kysely } from 'kysely';

// The live-change log: one row per change to a registration, written in the change's own
// transaction; panels resume from a sequence number. Ids only: a deletion leaves nothing personal.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Kysely tells a migration nothing about the engine; how it writes a parameter does.
  const postgres = sql`${1}`.compile(db).sql === '$1';
  await db.schema
    .createTable('live_changes')
    .addColumn('seq', postgres ? 'bigint' : 'integer', (col) =>
      postgres ? col.primaryKey().generatedAlwaysAsIdentity() : col.primaryKey().autoIncrement(),
    )
    .addColumn('type', 'varchar(16)', (col) => col.notNull())
    .addColumn('registration_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('changed_at', 'varchar(32)', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('live_changes').execute();
}
