// How long a certificate is kept (issue 36.7): an issued certificate outlives its registration
// (the row keeps only the name, the event, its date, the hours and the code) for its edition's
// `certificateRetentionYears` from its issue, then goes; the retention job calls it hourly. The
// organizer erasing a person may also erase their certificate at once (deletion.repository.ts).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The instant `years` before `now`: certificates issued up to it are due for erasure. */
export function certificatesDueUpTo(now: Date, years: number): string {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff.toISOString();
}

/**
 * Erases the certificates of these editions issued up to `upTo` (ISO); `editionIds` null: those
 * of no edition still stored, or of none. Returns how many went.
 */
export async function eraseCertificatesIssuedUpTo(
  db: Kysely<Database>,
  editionIds: readonly string[] | { notIn: readonly string[] },
  upTo: string,
): Promise<number> {
  let query = db.deleteFrom('certificates').where('issued_at', '<=', upTo);
  if (Array.isArray(editionIds)) {
    if (editionIds.length === 0) return 0;
    query = query.where('event_id', 'in', editionIds);
  } else {
    const { notIn } = editionIds as { notIn: readonly string[] };
    query = query.where((eb) =>
      eb.or([
        eb('event_id', 'is', null),
        ...(notIn.length > 0 ? [eb('event_id', 'not in', notIn)] : []),
      ]),
    );
  }
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The organizer chose not to keep it: the person's certificate goes with their registration. */
export async function eraseCertificateOf(trx: Transaction<Database>, registrationId: string) {
  await trx.deleteFrom('certificates').where('registration_id', '=', registrationId).execute();
}
