// Certificates as stored (issue 36): issued once per registration, found by their code, revoked.
import type { Kysely, Selectable } from 'kysely';
import type { CertificatesTable, Database } from '../db/schema.ts';

export type CertificateRow = Selectable<CertificatesTable>;

/**
 * Stores a certificate unless its registration already has one (the unique index decides, so
 * two instances issuing at once give one). True when this one was stored.
 */
export async function insertCertificate(
  db: Kysely<Database>,
  row: CertificateRow,
): Promise<boolean> {
  const result = await db
    .insertInto('certificates')
    .values(row)
    .onConflict((conflict) => conflict.column('registration_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function certificateByCode(
  db: Kysely<Database>,
  code: string,
): Promise<CertificateRow | undefined> {
  return db.selectFrom('certificates').selectAll().where('code', '=', code).executeTakeFirst();
}

/**
 * Revokes a certificate: its page says so from now on, and the person's name is erased at once
 * (issue 36.7): a revoked certificate keeps its code, its event and when it was revoked, and its
 * registration's id, so that it is not issued again.
 * False when there is no such certificate, or it was already revoked.
 */
export async function revokeCertificate(
  db: Kysely<Database>,
  code: string,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('certificates')
    .set({ revoked_at: at.toISOString(), name: '' })
    .where('code', '=', code)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
