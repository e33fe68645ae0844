// The live-change log (table live_changes): every change to a registration gets a row in the
// same transaction as the change, so a change is announced exactly when it is committed. Ids
// only: nothing personal stays here after a deletion. Reading it: live-log.ts (the functions
// below read SQLite's, in sequence order: live-log.sqlite.ts).
import type { Kysely, Transaction } from 'kysely';
import type { LiveChangeType } from '../../shared/live-change.schema.ts';
import { wakeAfterCommit } from '../db/commit-wakes.ts';
import { queryTemplate } from '../db/query-template.ts';
import type { Database } from '../db/schema.ts';

export interface LoggedChange {
  seq: number;
  type: LiveChangeType;
  registrationId: string;
}

/** Compiled once: every write of a registration runs it (db/query-template.ts). */
const insertChange = queryTemplate<
  { type: LiveChangeType; registration_id: string; changed_at: string },
  never
>(['type', 'registration_id', 'changed_at'], (db, change) =>
  db.insertInto('live_changes').values(change),
);

/**
 * Adds the change to the log; call it in the change's own transaction, so the change is logged
 * exactly when it commits. Writers do not wait for one another: on PostgreSQL the row's `xid`
 * (its default, the writing transaction's id) is what readers order by, and a reader takes a row
 * only once it is final (live-log.postgres.ts). The live hub is woken once the transaction
 * commits (db/commit-wakes.ts), and tells the other instances.
 */
export async function logChange(
  trx: Transaction<Database>,
  type: LiveChangeType,
  registrationId: string,
): Promise<void> {
  await trx.executeQuery(
    insertChange(trx, {
      type,
      registration_id: registrationId,
      changed_at: new Date().toISOString(),
    }),
  );
  await wakeAfterCommit(trx, 'live');
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
