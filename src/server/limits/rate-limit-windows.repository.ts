// Fixed-window request counts in the database (table rate_limit_windows), shared by every
// instance. One upsert per hit: atomic on PostgreSQL and SQLite alike, so concurrent requests on
// several instances never lose a count.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface WindowCount {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

export async function hit(
  db: Kysely<Database>,
  key: string,
  windowMs: number,
  now = new Date(),
): Promise<WindowCount> {
  const at = now.toISOString();
  const endsAt = new Date(now.getTime() + windowMs).toISOString();
  // A window that has ended starts over at 1; a live one counts on.
  const expired = sql<boolean>`rate_limit_windows.ends_at <= ${at}`;
  const row = await db
    .insertInto('rate_limit_windows')
    .values({ key, hits: 1, ends_at: endsAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql`case when ${expired} then 1 else rate_limit_windows.hits + 1 end`,
        ends_at: sql`case when ${expired} then ${endsAt} else rate_limit_windows.ends_at end`,
      }),
    )
    .returning(['hits', 'ends_at'])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), ttlMs: Math.max(0, Date.parse(row.ends_at) - now.getTime()) };
}

/** Forgets windows that have ended. */
export async function deleteEndedWindows(db: Kysely<Database>, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('rate_limit_windows')
    .where('ends_at', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
