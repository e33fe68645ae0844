import type { Kysely } from 'kysely';

// Admins become accounts with a role, so other kinds of account (door staff) can log in too.
// Every existing account was an admin. Works on SQLite (3.26+ rewrites the sessions foreign key
// on the rename) and PostgreSQL.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('admins').renameTo('accounts').execute();
  await db.schema
    .alterTable('accounts')
    .addColumn('role', 'varchar(32)', (col) => col.notNull().defaultTo('admin'))
    .execute();
  await db.schema.alterTable('sessions').renameColumn('admin_id', 'account_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').renameColumn('account_id', 'admin_id').execute();
  await db.schema.alterTable('accounts').dropColumn('role').execute();
  await db.schema.alterTable('accounts').renameTo('admins').execute();
}
