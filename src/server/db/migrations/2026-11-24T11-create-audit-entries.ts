import { sql, type Kysely } from 'kysely';

// Who did what to a registration: confirmations, ticket sends, check-ins, undos and deletions,
// with the account (its id, and its e-mail as it was then: the account may be removed later) and
// the time. Not tied to the registration by a foreign key: a deletion's own entry outlives it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Kysely tells a migration nothing about the engine; how it writes a parameter does.
  const postgres = sql`${1}`.compile(db).sql === '$1';
  await db.schema
    .createTable('audit_entries')
    .addColumn('id', postgres ? 'bigint' : 'integer', (col) =>
      postgres ? col.primaryKey().generatedAlwaysAsIdentity() : col.primaryKey().autoIncrement(),
    )
    .addColumn('registration_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('action', 'varchar(32)', (col) => col.notNull())
    .addColumn('account_id', 'varchar(36)')
    .addColumn('actor', 'varchar(254)')
    .addColumn('at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('audit_entries_registration_id')
    .on('audit_entries')
    .columns(['registration_id', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_entries').execute();
}
