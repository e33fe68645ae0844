// Registrations' certificates, read together (the outbox's batch of recipients, issue 36.4).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { CertificateRow } from './certificates.repository.ts';

/** By registration id: those with a certificate, revoked ones included. */
export async function certificatesOf(
  db: Kysely<Database>,
  registrationIds: readonly string[],
): Promise<Map<string, CertificateRow>> {
  if (registrationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('certificates')
    .selectAll()
    .where('registration_id', 'in', registrationIds)
    .execute();
  return new Map(rows.map((row) => [row.registration_id!, row]));
}
