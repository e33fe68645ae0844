import type { Kysely } from 'kysely';

// Only adds. 'Avisar inscritos' (issue 35.4, decision 0269): one row per announcement, with what
// the organizer wrote, and each of its outbox rows pointing at it (messages.announcement_id), so
// the outbox keeps ids only and the text is read when each message is sent. Its counts per status
// are read through the index on (announcement_id, status).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('announcements')
    .ifNotExists()
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('event_id', 'varchar(36)', (col) =>
      col.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('audience', 'varchar(16)', (col) => col.notNull())
    .addColumn('subject', 'varchar(200)', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('channels', 'varchar(64)', (col) => col.notNull())
    .addColumn('recipients', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('account_id', 'varchar(36)', (col) =>
      col.references('accounts.id').onDelete('set null'),
    )
    .execute();
  await db.schema
    .createIndex('announcements_event_created')
    .ifNotExists()
    .on('announcements')
    .columns(['event_id', 'created_at'])
    .execute();
  await db.schema
    .alterTable('messages')
    // No foreign key: SQLite cannot drop a column that has one (down), and the messages go with
    // their registration anyway.
    .addColumn('announcement_id', 'varchar(36)')
    .execute();
  await db.schema
    .createIndex('messages_announcement_status')
    .ifNotExists()
    .on('messages')
    .columns(['announcement_id', 'status'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('messages_announcement_status').ifExists().execute();
  await db.schema.alterTable('messages').dropColumn('announcement_id').execute();
  await db.schema.dropTable('announcements').ifExists().execute();
}
