// At most one instance runs a given job at a time. PostgreSQL: a session-level advisory lock,
// tried (never waited for) on a connection held for the run; if the instance dies, PostgreSQL
// ends its session and the lock with it. SQLite: one instance per file, and its runner runs one
// job at a time, so there is nothing to share.
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

// Any constant: the first half of every job's lock key (the second is the name's hash). Two-key
// advisory locks never collide with the one-key lock that orders the live-change log.
const jobLockSpace = 7_204_512;

/** Runs `task` holding the job's lock and returns its result, or 'busy' when another holds it. */
export async function withJobLock<T>(
  db: Db,
  name: string,
  task: () => Promise<T>,
): Promise<T | 'busy'> {
  if (db.kind === 'sqlite') return task();
  return db.kysely.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_lock(${jobLockSpace}, hashtext(${name})) as locked`.execute(
      connection,
    );
    if (!rows[0]?.locked) return 'busy';
    try {
      return await task();
    } finally {
      await sql`select pg_advisory_unlock(${jobLockSpace}, hashtext(${name}))`.execute(connection);
    }
  });
}
