import { sql, type Kysely } from 'kysely';

// The seats offered in approval mode (pending with `promoted_at`, decision 0160) are counted each
// time the seats are read while a capacity is set: every registration group, confirmation and
// cancellation. Through the (edition, status, arrival) index that count read every pending row of
// the edition; this partial index holds the offered ones only (a few), on both engines. `status`
// is in its key too: with it, SQLite's planner (no statistics) takes it over the wider index.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('registrations_offered_seats')
    .on('registrations')
    .columns(['event_id', 'status'])
    .where(sql<boolean>`status = 'pending' and promoted_at is not null`)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('registrations_offered_seats').execute();
}
