import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// Seats, the waiting list and "I can no longer come" (issue 19, decision 0130). The event's
// `capacity` and `admission` are settings (the JSON of `events.settings`: an edition saved before
// reads their defaults, no column needed). Each registration gets its personal link's token (128
// random bits, base64url, like a ticket's code; rows already here get theirs now) and the time a
// freed seat moved it off the waiting list; the confirmed count and the oldest waitlisted person
// are read through an index on (edition, status, arrival). `status` is a free text column on both
// engines: its two new values (`waitlisted`, `cancelled`) need no change to it.
//
// SQLite: in a transaction of its own (Kysely runs SQLite migrations outside one).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = sql`${1}`.compile(db).sql === '$1';
  if (!postgres) await sql`begin immediate`.execute(db);
  try {
    await db.schema
      .alterTable('registrations')
      .addColumn('personal_token', 'varchar(32)')
      .execute();
    await db.schema.alterTable('registrations').addColumn('promoted_at', 'varchar(32)').execute();
    const rows = await db.selectFrom('registrations').select('id').execute();
    for (const { id } of rows) {
      await db
        .updateTable('registrations')
        .set({ personal_token: randomBytes(16).toString('base64url') })
        .where('id', '=', id)
        .execute();
    }
    await db.schema
      .createIndex('registrations_personal_token_unique')
      .on('registrations')
      .column('personal_token')
      .unique()
      .execute();
    await db.schema
      .createIndex('registrations_event_status_created_at')
      .on('registrations')
      .columns(['event_id', 'status', 'created_at'])
      .execute();
    if (!postgres) await sql`commit`.execute(db);
  } catch (error) {
    if (!postgres) await sql`rollback`.execute(db);
    throw error;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('registrations_event_status_created_at').execute();
  await db.schema.dropIndex('registrations_personal_token_unique').execute();
  await db.schema.alterTable('registrations').dropColumn('promoted_at').execute();
  await db.schema.alterTable('registrations').dropColumn('personal_token').execute();
}
