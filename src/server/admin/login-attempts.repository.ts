// Login attempts and trusted addresses in the database (tables login_failures and
// login_trusted_clients), for the throttle (login-throttle.ts): every instance counts the same.
import { sql, type Kysely, type Transaction } from 'kysely';
import { isPostgres } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';

/** Which failures a limit counts. */
export type FailureScope =
  { pair: { account: string; client: string } } | { client: string } | { account: string };

// Any constant: the advisory lock that makes check-then-count one step across instances.
const loginAttemptLock = 7_204_513;

/** Runs `work` so that no other login check, on any instance, interleaves with it. */
export async function oneAtATime<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${loginAttemptLock})`.execute(trx);
    return work(trx);
  });
}

/**
 * The time (ISO) of the `nth` newest failure in `scope` since `since`, or undefined when there are
 * fewer: with `nth` the limit, the window reopens once that failure is a window old.
 */
export async function nthNewestFailure(
  db: Kysely<Database>,
  scope: FailureScope,
  since: string,
  nth: number,
): Promise<string | undefined> {
  let query = db.selectFrom('login_failures').select('at').where('at', '>', since);
  if ('pair' in scope) {
    query = query
      .where('account', '=', scope.pair.account)
      .where('client', '=', scope.pair.client)
      .where('pair_forgiven', '=', 0);
  } else if ('client' in scope) query = query.where('client', '=', scope.client);
  else query = query.where('account', '=', scope.account);
  const row = await query
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .offset(nth - 1)
    .executeTakeFirst();
  return row?.at;
}

/** Records an attempt as a failure; returns its id, to take it back on success. */
export async function addFailure(
  db: Kysely<Database>,
  account: string,
  client: string,
  at: string,
): Promise<string> {
  const row = await db
    .insertInto('login_failures')
    .values({ account, client, at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/**
 * The attempt succeeded: it is no failure, the pair's earlier failures no longer count for the
 * pair (they still count for the address and the account), and the address becomes trusted.
 * One at a time, as `begin` is: two successes of one pair at once (two racing uses of the setup
 * link, from one address to two instances) each deleted its own row and then waited for the
 * other's to update the pair's rows, a deadlock PostgreSQL broke with a 500.
 */
export async function recordSuccess(
  db: Kysely<Database>,
  attemptId: string,
  account: string,
  client: string,
  at: string,
): Promise<void> {
  await oneAtATime(db, async (trx) => {
    await trx.deleteFrom('login_failures').where('id', '=', attemptId).execute();
    await trx
      .updateTable('login_failures')
      .set({ pair_forgiven: 1 })
      .where('account', '=', account)
      .where('client', '=', client)
      .execute();
    await trx
      .insertInto('login_trusted_clients')
      .values({ account, client, at })
      .onConflict((oc) => oc.columns(['account', 'client']).doUpdateSet({ at }))
      .execute();
  });
}

export async function isTrusted(
  db: Kysely<Database>,
  account: string,
  client: string,
  since: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('login_trusted_clients')
    .select('at')
    .where('account', '=', account)
    .where('client', '=', client)
    .where('at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets failures older than `failuresBefore` and trusted addresses older than `trustedBefore`. */
export async function forgetOldAttempts(
  db: Kysely<Database>,
  failuresBefore: string,
  trustedBefore: string,
): Promise<number> {
  const failures = await db
    .deleteFrom('login_failures')
    .where('at', '<=', failuresBefore)
    .executeTakeFirst();
  const trusted = await db
    .deleteFrom('login_trusted_clients')
    .where('at', '<=', trustedBefore)
    .executeTakeFirst();
  return Number(failures.numDeletedRows) + Number(trusted.numDeletedRows);
}
