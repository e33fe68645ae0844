import { sql, type Kysely } from 'kysely';

// PostgreSQL: each live change carries its writing transaction's id, filled in by the column's
// default, and readers go through the log in (xid, seq) order, reading a change once its
// transaction is below every one still running (docs/decisions/0108). Rows already there get the
// migration's own id: they are final, and keep their order among themselves. SQLite has one
// writer: its sequence order is already commit order.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (sql`${1}`.compile(db).sql !== '$1') return;
  await sql`
    alter table live_changes
    add column xid xid8 not null default pg_current_xact_id()`.execute(db);
  await sql`create index live_changes_position on live_changes (xid, seq)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (sql`${1}`.compile(db).sql !== '$1') return;
  await sql`drop index live_changes_position`.execute(db);
  await sql`alter table live_changes drop column xid`.execute(db);
}
