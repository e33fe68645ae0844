// The live-change log (table live_changes): every change to a registration gets a row in the
// same transaction as the change, so a change is announced exactly when it is committed. Ids
// only: nothing personal stays here after a deletion.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { LiveChangeType } from '../../shared/live-change.schema.ts';
import { isPostgres } from '../db/dialect.ts';
import { channels } from '../db/postgres-listener.ts';
import type { Database } from '../db/schema.ts';

export interface LoggedChange {
  seq: number;
  type: LiveChangeType;
  registrationId: string;
}

// Any constant: the advisory lock that orders writers of the log on PostgreSQL.
const changeLogLock = 7_204_511;

/**
 * Adds the change to the log; call it last in the change's transaction. On PostgreSQL a
 * transaction-scoped lock is taken first, so sequence numbers are handed out in commit order (a
 * reader that has seen seq N never sees a smaller one appear later); SQLite has one writer anyway.
 * On PostgreSQL the transaction also notifies every instance, with the seq alone: PostgreSQL
 * delivers a notification at commit and drops it on rollback, so nothing is announced that was
 * not committed, and nothing committed goes unannounced.
 */
export async function logChange(
  trx: Transaction<Database>,
  type: LiveChangeType,
  registrationId: string,
): Promise<void> {
  const postgres = isPostgres(trx);
  if (postgres) await sql`select pg_advisory_xact_lock(${changeLogLock})`.execute(trx);
  const { seq } = await trx
    .insertInto('live_changes')
    .values({ type, registration_id: registrationId, changed_at: new Date().toISOString() })
    .returning('seq')
    .executeTakeFirstOrThrow();
  if (postgres) {
    await sql`select pg_notify(${channels.liveChanges}, ${String(seq)})`.execute(trx);
  }
}

/** Changes after `seq`, oldest first, at most `limit`. */
export async function changesAfter(
  db: Kysely<Database>,
  seq: number,
  limit: number,
): Promise<LoggedChange[]> {
  const rows = await db
    .selectFrom('live_changes')
    .select(['seq', 'type', 'registration_id'])
    .where('seq', '>', seq)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    seq: Number(row.seq),
    type: row.type,
    registrationId: row.registration_id,
  }));
}

/** The newest and oldest sequence numbers the log holds (0 and 0 before any change). */
export async function logBounds(db: Kysely<Database>): Promise<{ head: number; oldest: number }> {
  const row = await db
    .selectFrom('live_changes')
    .select((eb) => [eb.fn.max('seq').as('head'), eb.fn.min('seq').as('oldest')])
    .executeTakeFirst();
  return { head: Number(row?.head ?? 0), oldest: Number(row?.oldest ?? 0) };
}

/**
 * Forgets changes made before `before` (ISO time), by sequence number so that what is kept is
 * always everything after some seq; the newest change is always kept, so the head stays known.
 */
export async function pruneChanges(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db
    .deleteFrom('live_changes')
    .where('seq', '<=', (eb) =>
      eb
        .selectFrom('live_changes')
        .select((e) => e.fn.max('seq').as('s'))
        .where('changed_at', '<', before),
    )
    .where('seq', '<', (eb) => eb.selectFrom('live_changes').select((e) => e.fn.max('seq').as('s')))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
