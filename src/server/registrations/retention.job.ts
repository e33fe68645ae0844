// Data kept only as long as promised (the privacy page): every registration whose retention has
// ended (src/shared/retention.ts) is erased, through the organizer's own deletion path
// (registration-erasure.ts): same guarantees, and every open panel is told. Each edition counts
// from its own date and its own retentionDays (decision 0110). It runs at every start, hourly
// (decision 0071), and at once after the current edition's date or retention changed.
import type { Kysely } from 'kysely';
import { erasableUpTo } from '../../shared/retention.ts';
import {
  certificatesDueUpTo,
  eraseCertificatesIssuedUpTo,
} from '../certificates/certificate-retention.repository.ts';
import type { Database } from '../db/schema.ts';
import { readEditions } from '../editions/editions.repository.ts';
import type { Job } from '../jobs/job-runner.ts';

const batchSize = 500;

async function idsMadeUpTo(db: Kysely<Database>, editionId: string, upTo: string) {
  // Timestamps are all toISOString() output, so text order is time order.
  const rows = await db
    .selectFrom('registrations')
    .select('id')
    .where('event_id', '=', editionId)
    .where('created_at', '<=', upTo)
    .orderBy('created_at')
    .limit(batchSize)
    .execute();
  return rows.map((row) => row.id);
}

/** The settings whose change moves when registrations are erased. */
export const retentionFields = ['date', 'time', 'timeZone', 'retentionDays'] as const;

export const retentionJob: Job = {
  name: 'registration-retention',
  // One indexed query per edition when nothing has outlived its retention.
  everyMs: 60 * 60_000,
  atEveryStart: true,
  async run(app) {
    const now = new Date();
    let removed = 0;
    let certificates = 0;
    const editions: Array<{ id: string; madeUpTo: string | null }> = [];
    const stored = await readEditions(app.db.kysely);
    for (const edition of stored) {
      // Its certificates, kept past the registrations for their own years (issue 36.7).
      const years = edition.settings.certificateRetentionYears;
      const issuedUpTo = certificatesDueUpTo(now, years);
      certificates += await eraseCertificatesIssuedUpTo(app.db.kysely, [edition.id], issuedUpTo);
      const upTo = erasableUpTo(edition.settings, now);
      editions.push({ id: edition.id, madeUpTo: upTo ?? null });
      if (!upTo) continue;
      for (;;) {
        const ids = await idsMadeUpTo(app.db.kysely, edition.id, upTo);
        if (ids.length === 0) break;
        // Its event ended at least retentionDays ago: a seat it frees goes to nobody.
        removed += (await app.erasure.erase(ids, null, { fillSeats: false })).length;
        if (ids.length < batchSize) break;
      }
    }
    // Only when something went: an hourly "0" on every instance buried the lines that matter
    // (the runner logs each run at debug). Ids and counts only: nothing personal in the log.
    // Those of an edition no longer stored: by the current edition's years.
    const current = stored.find((edition) => edition.current) ?? stored[0];
    if (current) {
      const upTo = certificatesDueUpTo(now, current.settings.certificateRetentionYears);
      const notIn = stored.map((edition) => edition.id);
      certificates += await eraseCertificatesIssuedUpTo(app.db.kysely, { notIn }, upTo);
    }
    if (removed > 0) app.log.info({ removed, editions }, 'retention: registrations erased');
    if (certificates > 0) app.log.info({ certificates }, 'retention: certificates erased');
  },
};
