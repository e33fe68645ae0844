import { sql, type Kysely } from 'kysely';

// The login throttle, counted in the database so every instance shares one count: each attempt
// (a failure until it succeeds), and the addresses that logged in to an account.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Kysely tells a migration nothing about the engine; how it writes a parameter does.
  const postgres = sql`${1}`.compile(db).sql === '$1';
  await db.schema
    .createTable('login_failures')
    .addColumn('id', postgres ? 'bigint' : 'integer', (col) =>
      postgres ? col.primaryKey().generatedAlwaysAsIdentity() : col.primaryKey().autoIncrement(),
    )
    .addColumn('account', 'varchar(254)', (col) => col.notNull())
    .addColumn('client', 'varchar(64)', (col) => col.notNull())
    .addColumn('at', 'varchar(32)', (col) => col.notNull())
    // A later success from the same address forgives the failure for that pair only.
    .addColumn('pair_forgiven', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  for (const column of ['account', 'client', 'at']) {
    await db.schema
      .createIndex(`login_failures_${column}`)
      .on('login_failures')
      .column(column)
      .execute();
  }
  await db.schema
    .createTable('login_trusted_clients')
    .addColumn('account', 'varchar(254)', (col) => col.notNull())
    .addColumn('client', 'varchar(64)', (col) => col.notNull())
    .addColumn('at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('login_trusted_clients_pk', ['account', 'client'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_trusted_clients').execute();
  await db.schema.dropTable('login_failures').execute();
}
