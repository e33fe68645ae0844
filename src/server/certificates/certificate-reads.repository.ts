// The certificates people and organizers download (issue 36.6): one by its registration or by the
// person's own page's token, and every issued one of an edition. Revoked ones are never handed out.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { CertificateRow } from './certificates.repository.ts';

/** The registration's certificate unless it was revoked (or none was issued). */
export async function issuedCertificateOf(
  db: Kysely<Database>,
  registrationId: string,
): Promise<CertificateRow | undefined> {
  return db
    .selectFrom('certificates')
    .selectAll()
    .where('registration_id', '=', registrationId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** The same, found by the person's own page's token (no login: the token is the credential). */
export async function issuedCertificateByToken(
  db: Kysely<Database>,
  personalToken: string,
): Promise<CertificateRow | undefined> {
  return db
    .selectFrom('certificates')
    .innerJoin('registrations', 'registrations.id', 'certificates.registration_id')
    .selectAll('certificates')
    .where('registrations.personal_token', '=', personalToken)
    .where('certificates.revoked_at', 'is', null)
    .executeTakeFirst();
}

/**
 * A page of the edition's certificates not revoked, by name then code (the ZIP's order), after
 * `after` when given: read as the ZIP goes, so one revoked meanwhile is left out of what follows.
 */
export async function issuedCertificatesPage(
  db: Kysely<Database>,
  editionId: string,
  after: Pick<CertificateRow, 'name' | 'code'> | undefined,
  size: number,
): Promise<CertificateRow[]> {
  let query = db
    .selectFrom('certificates')
    .selectAll()
    .where('event_id', '=', editionId)
    .where('revoked_at', 'is', null);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('name', '>', after.name),
        eb.and([eb('name', '=', after.name), eb('code', '>', after.code)]),
      ]),
    );
  }
  return query.orderBy('name').orderBy('code').limit(size).execute();
}
