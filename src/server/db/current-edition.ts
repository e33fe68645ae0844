// The current edition as every write sees it (table events, decision 0110): its id as a subquery,
// and the editions' lock that keeps it current until a transaction ends (decision 0112). Below
// every feature: seats, registrations, the door and editions themselves build on it.
import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import { isPostgres } from './dialect.ts';
import type { Database } from './schema.ts';

// Any constant: the advisory lock that orders changes to editions on PostgreSQL (two 'Nova
// edição' at once must not both take the current one as their start). Writes to a registration
// take it shared (holdCurrentEdition): the current edition cannot change under them.
export const editionsLock = 7_204_512;

/**
 * `is_current = 1` with the 1 written into the SQL, not bound: SQLite plans a bound value against
 * the partial index `events_one_current` (`where is_current = 1`), so binding it marks the whole
 * statement to be prepared again on every run. A registration's insert (with its trigger) cost
 * three times as much for it (docs/decisions/0125).
 */
export const isCurrent = sql.lit(1);

/**
 * The current edition's id, as a subquery: what a new registration joins, read in the insert's
 * own statement, so an instance that has not yet heard of a new edition still writes into it.
 */
export function currentEditionId(eb: ExpressionBuilder<Database, keyof Database>) {
  return eb.selectFrom('events').select('events.id').where('events.is_current', '=', isCurrent);
}

/** Changes to editions wait for every write holding the current one, and for each other. */
export async function lockEditions(trx: Transaction<Database>): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${editionsLock})`.execute(trx);
}

/**
 * Keeps the current edition current until the caller's transaction ends: a write to a
 * registration that finds it in the current edition commits before another edition can become
 * current, and one that starts while an edition is being made waits for it and then sees it
 * (docs/decisions/0112). PostgreSQL: the editions' lock, shared (writes do not wait for each
 * other; 'Nova edição' and a settings save wait for them, and they for it). SQLite runs one
 * transaction at a time.
 */
export async function holdCurrentEdition(trx: Transaction<Database>): Promise<void> {
  if (isPostgres(trx)) {
    await sql`select pg_advisory_xact_lock_shared(${editionsLock})`.execute(trx);
  }
}
