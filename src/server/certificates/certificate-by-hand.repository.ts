// The organizer's own hand on one registration's certificate (issue 36.2): issued to a confirmed
// person of the current edition whether or not they have an entry (a speaker, a lost scan), and
// revoked. Both audited, both told to the panels. A certificate revoked earlier is left to its
// page ('Certificado revogado') and no longer counts as the registration's: another may be issued.
import type { Kysely } from 'kysely';
import type { Actor } from '../audit/actor.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { holdCurrentEdition } from '../db/current-edition.ts';
import type { Database } from '../db/schema.ts';
import { readCurrentEdition } from '../editions/editions.repository.ts';
import { logChange } from '../live/live-changes.repository.ts';
import type { MessageChannel } from '../../shared/message.schema.ts';
import { revokeCertificate } from './certificates.repository.ts';
import { storeCertificate } from './issue-certificates.repository.ts';

export type ByHandOutcome =
  | { kind: 'issued'; code: string; issuedAt: string }
  | { kind: 'not_found' | 'past_edition' | 'not_confirmed' | 'exists' };

export async function issueCertificateByHand(
  db: Kysely<Database>,
  registrationId: string,
  { now, channels, actor }: { now: Date; channels: readonly MessageChannel[]; actor: Actor },
): Promise<ByHandOutcome> {
  return db.transaction().execute(async (trx) => {
    await holdCurrentEdition(trx);
    const edition = await readCurrentEdition(trx);
    const person = await trx
      .selectFrom('registrations')
      .select(['id', 'nome_completo', 'status', 'event_id'])
      .where('id', '=', registrationId)
      .executeTakeFirst();
    if (!person) return { kind: 'not_found' };
    if (person.event_id !== edition.id) return { kind: 'past_edition' };
    if (person.status !== 'confirmed') return { kind: 'not_confirmed' };
    const held = await trx
      .selectFrom('certificates')
      .select(['code', 'revoked_at'])
      .where('registration_id', '=', registrationId)
      .executeTakeFirst();
    if (held && !held.revoked_at) return { kind: 'exists' };
    // The revoked one stays verifiable as revoked, detached from the registration.
    if (held)
      await trx
        .updateTable('certificates')
        .set({ registration_id: null })
        .where('code', '=', held.code)
        .execute();
    const stored = await storeCertificate(trx, edition, person, { now, channels, actor });
    if (!stored) return { kind: 'exists' };
    const row = await trx
      .selectFrom('certificates')
      .select(['code', 'issued_at'])
      .where('registration_id', '=', registrationId)
      .executeTakeFirstOrThrow();
    return { kind: 'issued', code: row.code, issuedAt: row.issued_at };
  });
}

/**
 * Revokes the registration's certificate: its page says 'Certificado revogado' from now on and the
 * name it kept is erased at once. False when it has none in force.
 */
export async function revokeCertificateOf(
  db: Kysely<Database>,
  registrationId: string,
  actor: Actor,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const held = await trx
      .selectFrom('certificates')
      .select('code')
      .where('registration_id', '=', registrationId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!held || !(await revokeCertificate(trx, held.code, now))) return false;
    await recordAudit(trx, registrationId, 'certificate_revoked', actor, {
      at: now.toISOString(),
    });
    await logChange(trx, 'updated', registrationId);
    return true;
  });
}
