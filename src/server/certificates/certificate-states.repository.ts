// Where each registration's certificate stands, for the panel's list and cards (issue 36.6): its
// code and when it was issued or revoked, read for many registrations at once.
import type { Kysely } from 'kysely';
import type { RegistrationCertificate } from '../../shared/registration.schema.ts';
import type { Database } from '../db/schema.ts';

/** By registration id; every registration that has one when `ids` is not given (a whole list). */
export async function certificateStatesOf(
  db: Kysely<Database>,
  ids?: readonly string[],
): Promise<Map<string, RegistrationCertificate>> {
  const states = new Map<string, RegistrationCertificate>();
  if (ids && ids.length === 0) return states;
  let query = db
    .selectFrom('certificates')
    .select(['registration_id', 'code', 'issued_at', 'revoked_at'])
    .where('registration_id', 'is not', null);
  if (ids) query = query.where('registration_id', 'in', ids);
  for (const { registration_id: id, ...state } of await query.execute()) {
    states.set(id!, state);
  }
  return states;
}
