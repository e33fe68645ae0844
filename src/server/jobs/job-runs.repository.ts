// When each background job last ran (table job_runs), whichever instance ran it.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** When the job's last completed run started (ISO), or undefined before its first. */
export async function lastRunStartedAt(
  db: Kysely<Database>,
  name: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('job_runs')
    .select('started_at')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.started_at;
}

export async function recordRun(
  db: Kysely<Database>,
  name: string,
  startedAt: string,
  finishedAt: string,
): Promise<void> {
  await db
    .insertInto('job_runs')
    .values({ name, started_at: startedAt, finished_at: finishedAt })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({ started_at: startedAt, finished_at: finishedAt }),
    )
    .execute();
}
