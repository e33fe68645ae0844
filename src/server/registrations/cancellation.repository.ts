// Cancelling a registration (the person through their own link, or an organizer) and restoring
// it: the seat it frees goes to the waiting list, and a message the change overtakes is failed
// before it leaves (decision 0160), in one transaction holding the seats.
import type { Kysely, Transaction } from 'kysely';
import type { Registration } from '../../shared/registration.schema.ts';
import type { Actor } from '../audit/actor.ts';
import { recordAudit, type AuditMessage } from '../audit/audit.repository.ts';
import type { Database } from '../db/schema.ts';
import { logChange } from '../live/live-changes.repository.ts';
import type { MessagePlan } from '../messages/message-plan.ts';
import { failQueued, queueMessages } from '../messages/outbox.repository.ts';
import { freeSeatOf, holdSeats, takeSeat } from '../seats/seats.repository.ts';
import { confirmIn, stateOf } from './confirmation.repository.ts';
import {
  CapacityReachedError,
  CheckedInError,
  NotCancelledError,
  PastEditionError,
} from './registration-errors.ts';
import { withDeliveries } from './registration-rows.ts';
import { promoteWaitlisted } from './waiting-list.repository.ts';

/** Whom a cancellation names: the organizer's id, or the person's own token. */
export type CancelTarget = { id: string } | { token: string };

export interface Cancellation {
  registration: Registration;
  /** False when it was already cancelled: nothing changed. */
  changed: boolean;
  /** Who got the seat it freed (the waiting list's oldest), if anyone. */
  promoted: string[];
}

/**
 * Cancels a registration (the person through their link, `actor` null, or an organizer): status
 * `cancelled`, its ticket refused from now on (the ticket page, the door: `cancelled`), its seat
 * given to the oldest waitlisted person, the short confirmation queued, all in one transaction
 * holding the seats. A second cancellation changes nothing. Undefined when there is no such
 * registration; PastEditionError for a past edition's; CheckedInError for someone already let in
 * (their entry is undone first: a cancelled person must not count as having come). `within` writes
 * what else the cancellation causes (a reply on WhatsApp's record, decision 0280) in its
 * transaction, only when it changed something; `answered` is the message the person answered to
 * cancel, kept on the history's entry (decision 0283).
 */
export async function cancelRegistration(
  db: Kysely<Database>,
  target: CancelTarget,
  actor: Actor | null,
  plan: MessagePlan,
  {
    within,
    answered,
  }: {
    within?: (trx: Transaction<Database>, registrationId: string) => Promise<void>;
    answered?: AuditMessage;
  } = {},
): Promise<Cancellation | undefined> {
  return db.transaction().execute(async (trx) => {
    const seats = await holdSeats(trx);
    const found = await trx
      .selectFrom('registrations')
      .selectAll()
      .where((eb) =>
        'id' in target ? eb('id', '=', target.id) : eb('personal_token', '=', target.token),
      )
      .executeTakeFirst();
    if (!found) return undefined;
    if (found.event_id !== seats.editionId) throw new PastEditionError();
    if (found.status === 'cancelled') {
      const [registration] = await withDeliveries(trx, [found]);
      return { registration: registration!, changed: false, promoted: [] };
    }
    if (found.checked_in_at !== null) throw new CheckedInError();
    const row = await trx
      .updateTable('registrations')
      .set({ status: 'cancelled' })
      .where('id', '=', found.id)
      .where('status', '=', found.status)
      // A check-in holds no seats: one may have landed since the read.
      .where('checked_in_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      // Let in meanwhile, or erased (PostgreSQL; every other change holds the seats).
      const now = await trx
        .selectFrom('registrations')
        .select('checked_in_at')
        .where('id', '=', found.id)
        .executeTakeFirst();
      if (now?.checked_in_at) throw new CheckedInError();
      return undefined;
    }
    await recordAudit(trx, found.id, actor ? 'cancelled' : 'withdrawn', actor, {
      message: answered,
    });
    // A ticket still waiting (a retry after the mail server's 421) would go out revoked, or, after
    // a restore queues the ticket again, as a second one: it fails here, with the cancellation.
    await failQueued(trx, found.id, 'ticket');
    await queueMessages(
      trx,
      plan.cancelled.map((channel) => ({ registrationId: found.id, kind: 'cancelled', channel })),
    );
    await logChange(trx, 'updated', found.id);
    await within?.(trx, found.id);
    // A confirmed person's seat, or the one offered to a promoted person, goes to the next.
    const promoted = freeSeatOf(seats, found) ? await promoteWaitlisted(trx, seats, plan, 1) : [];
    // What the person's answer did, for 'Resultados' (issue 35.5): their seat went to the next.
    if (!actor && promoted.length > 0) await recordAudit(trx, found.id, 'seat_passed', null);
    const [registration] = await withDeliveries(trx, [row]);
    return { registration: registration!, changed: true, promoted };
  });
}

/**
 * An organizer restores a cancelled registration: confirmed again, with a seat neither taken nor
 * offered to someone promoted meanwhile (none left: CapacityReachedError), its ticket's code as it was and the ticket queued again. Undefined when
 * there is no such registration; PastEditionError, or NotCancelledError when it is not cancelled.
 */
export async function restoreRegistration(
  db: Kysely<Database>,
  id: string,
  actor: Actor,
  plan: MessagePlan,
): Promise<Registration | undefined> {
  return db.transaction().execute(async (trx) => {
    const seats = await holdSeats(trx);
    const found = await stateOf(trx, id);
    if (!found) return undefined;
    if (found.event_id !== seats.editionId) throw new PastEditionError();
    if (found.status !== 'cancelled') throw new NotCancelledError();
    if (!takeSeat(seats)) throw new CapacityReachedError();
    const row = await confirmIn(trx, id, actor, plan, { from: ['cancelled'], action: 'restored' });
    // Erased while this waited for the row (PostgreSQL; every other change holds the seats).
    if (!row) return undefined;
    // The cancellation's e-mail still waiting no longer tells the truth.
    await failQueued(trx, id, 'cancelled');
    const [registration] = await withDeliveries(trx, [row]);
    return registration;
  });
}
