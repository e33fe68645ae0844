// Data kept only as long as promised (the privacy page): every registration whose retention has
// ended (src/shared/retention.ts) is erased, through the organizer's own deletion path
// (registration-erasure.ts): same guarantees, and every open panel is told. It runs at every
// start (a restart may bring a shorter retention or an earlier date) and hourly (decision 0071).
import type { Kysely } from 'kysely';
import { erasableUpTo } from '../../shared/retention.ts';
import type { Database } from '../db/schema.ts';
import type { Job } from '../jobs/job-runner.ts';

const batchSize = 500;

async function idsMadeUpTo(db: Kysely<Database>, upTo: string): Promise<string[]> {
  // Timestamps are all toISOString() output, so text order is time order.
  const rows = await db
    .selectFrom('registrations')
    .select('id')
    .where('created_at', '<=', upTo)
    .orderBy('created_at')
    .limit(batchSize)
    .execute();
  return rows.map((row) => row.id);
}

export const retentionJob: Job = {
  name: 'registration-retention',
  // One indexed query when nothing has outlived its retention.
  everyMs: 60 * 60_000,
  atEveryStart: true,
  async run(app) {
    const upTo = erasableUpTo(app.config.event, new Date());
    let removed = 0;
    if (upTo) {
      for (;;) {
        const ids = await idsMadeUpTo(app.db.kysely, upTo);
        if (ids.length === 0) break;
        removed += (await app.erasure.erase(ids, null)).length;
        if (ids.length < batchSize) break;
      }
    }
    // Ids and counts only: nothing personal in the log.
    app.log.info({ removed, madeUpTo: upTo ?? null }, 'retention: registrations erased');
  },
};
