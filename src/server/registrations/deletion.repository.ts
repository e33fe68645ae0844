// Deleting a registration for good, in one transaction with its audit entry for the erasure
// and its live change (registration-erasure.ts runs it for the organizer and the retention purge).
import type { Kysely } from 'kysely';
import type { Actor } from '../audit/actor.ts';
import { recordErasure } from '../audit/audit.repository.ts';
import { eraseCertificateOf } from '../certificates/certificate-retention.repository.ts';
import type { Database } from '../db/schema.ts';
import { logChange } from '../live/live-changes.repository.ts';
import type { MessagePlan } from '../messages/message-plan.ts';
import { freeSeatOf, holdSeats } from '../seats/seats.repository.ts';
import { promoteWaitlisted } from './waiting-list.repository.ts';

/**
 * Removes a registration: with it go its ticket (the code opens nothing any more), its check-in,
 * its kept check-in answers (foreign key) and its audit entries, leaving one entry for the
 * deletion; its certificate stays (registration_id set null) unless `eraseCertificate`. `actor` is null for the server's own jobs (retention). With a `plan`, the seats are
 * held first and a seat it frees goes to the waiting list in the same transaction (decision
 * 0160): no crash can leave it free with people waiting, and a cancellation of the same person
 * waits for it. Without one (the retention purge), a freed seat goes to nobody.
 */
export async function deleteRegistration(
  db: Kysely<Database>,
  id: string,
  actor: Actor | null,
  plan: MessagePlan | null,
  { eraseCertificate = false }: { eraseCertificate?: boolean } = {},
): Promise<{ erased: boolean; promoted: string[] }> {
  return db.transaction().execute(async (trx) => {
    const seats = plan ? await holdSeats(trx) : undefined;
    // Kept by default, verifiable without the person (issue 36.7); the organizer may say not to.
    if (eraseCertificate) await eraseCertificateOf(trx, id);
    const deleted = await trx
      .deleteFrom('registrations')
      .where('id', '=', id)
      .returning(['event_id', 'status', 'promoted_at'])
      .executeTakeFirst();
    if (!deleted) return { erased: false, promoted: [] };
    await recordErasure(trx, id, actor, deleted.event_id);
    await logChange(trx, 'deleted', id);
    const freed = seats && deleted.event_id === seats.editionId && freeSeatOf(seats, deleted);
    return {
      erased: true,
      promoted: freed && plan ? await promoteWaitlisted(trx, seats, plan, 1) : [],
    };
  });
}
