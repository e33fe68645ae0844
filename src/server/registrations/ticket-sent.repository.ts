// The organizer marks a confirmed person's ticket as sent by hand (the spec's button).
import type { Kysely } from 'kysely';
import type { Registration } from '../../shared/registration.schema.ts';
import type { Actor } from '../audit/actor.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { currentEditionId, holdCurrentEdition } from '../db/current-edition.ts';
import type { Database } from '../db/schema.ts';
import { registrationEdition } from '../editions/editions.repository.ts';
import { logChange } from '../live/live-changes.repository.ts';
import { NotConfirmedError, PastEditionError } from './registration-errors.ts';
import { withDeliveries } from './registration-rows.ts';

/**
 * Records that the organizer sent the ticket now (every send moves the time). Undefined when
 * there is no such registration; PastEditionError when it is of a past edition; NotConfirmedError
 * while it is pending (the spec enables the ticket only once confirmed).
 */
export async function markTicketSent(
  db: Kysely<Database>,
  id: string,
  actor: Actor,
): Promise<Registration | undefined> {
  return db.transaction().execute(async (trx) => {
    await holdCurrentEdition(trx);
    const row = await trx
      .updateTable('registrations')
      .set({ ticket_sent_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'confirmed')
      .where('event_id', '=', currentEditionId)
      .returningAll()
      .executeTakeFirst();
    if (row) {
      await recordAudit(trx, id, 'ticket_sent', actor);
      await logChange(trx, 'updated', id);
      const [registration] = await withDeliveries(trx, [row]);
      return registration;
    }
    const edition = await registrationEdition(trx, id);
    if (!edition) return undefined;
    throw edition.current ? new NotConfirmedError() : new PastEditionError();
  });
}
