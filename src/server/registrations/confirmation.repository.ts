// Confirming registrations: one, many at once (in batches), and the step every confirmation
// shares (confirmIn: the status, the ticket's code, its messages, the audit entry and the live
// change, in the caller's transaction holding the seats, decision 0130).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { BulkConfirmResult } from '../../shared/message.schema.ts';
import type { Registration } from '../../shared/registration.schema.ts';
import type { Actor } from '../audit/actor.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { currentEditionId } from '../db/current-edition.ts';
import type { Database, RegistrationRow } from '../db/schema.ts';
import { logChange } from '../live/live-changes.repository.ts';
import type { MessagePlan } from '../messages/message-plan.ts';
import { queueMessages } from '../messages/outbox.repository.ts';
import { holdSeats, takeSeatFor } from '../seats/seats.repository.ts';
import { newTicketCode } from '../tickets/ticket-code.ts';
import { CancelledError, CapacityReachedError, PastEditionError } from './registration-errors.ts';
import { withDeliveries } from './registration-rows.ts';

/**
 * Confirms inside the caller's transaction, which holds the seats and has taken one (takeSeat):
 * from pending or the waiting list. Undefined when it was neither (or not there, or of a past
 * edition). `action`: what the audit trail says (`promoted` when a freed seat did it).
 */
export async function confirmIn(
  trx: Transaction<Database>,
  id: string,
  actor: Actor | null,
  plan: MessagePlan,
  { from = ['pending', 'waitlisted'], action = 'confirmed' }: ConfirmOptions = {},
): Promise<RegistrationRow | undefined> {
  const row = await trx
    .updateTable('registrations')
    .set({
      status: 'confirmed',
      ticket_code: sql<string>`coalesce(ticket_code, ${newTicketCode()})`,
    })
    .where('id', '=', id)
    .where('status', 'in', from)
    .where('event_id', '=', currentEditionId)
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  await recordAudit(trx, id, action, actor);
  await queueMessages(
    trx,
    plan.ticket.map((channel) => ({ registrationId: id, kind: 'ticket', channel })),
  );
  await logChange(trx, 'updated', id);
  return row;
}

interface ConfirmOptions {
  from?: Array<Registration['status']>;
  action?: 'confirmed' | 'promoted' | 'restored';
}

/** The row's status and edition, in the caller's transaction; undefined when there is none. */
export async function stateOf(trx: Transaction<Database>, id: string) {
  return trx
    .selectFrom('registrations')
    .select(['id', 'status', 'event_id', 'promoted_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Sets `confirmed`, gives the ticket its code and queues the ticket's messages; repeating it is
 * harmless (same code, nothing logged or sent again). Decided with the seats held: with none
 * left, CapacityReachedError. Undefined when there is no such registration; PastEditionError when
 * it is of a past edition; CancelledError when it was cancelled (restore it instead).
 */
export async function confirmRegistration(
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
    if (found.status === 'cancelled') throw new CancelledError();
    let row: RegistrationRow | undefined;
    if (found.status !== 'confirmed') {
      // A person offered a seat takes that one; anyone else one neither taken nor offered.
      if (!takeSeatFor(seats, found)) throw new CapacityReachedError();
      row = await confirmIn(trx, id, actor, plan);
    }
    // Erased while this waited for the row (PostgreSQL): gone, as if never found.
    row ??= await trx
      .selectFrom('registrations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const [registration] = await withDeliveries(trx, [row]);
    return registration;
  });
}

/** Rows confirmed per transaction: a long bulk confirmation never holds the writer for long. */
const confirmBatch = 200;

/**
 * Confirms many at once, in batches (each a transaction holding the seats: its confirmations,
 * audit entries, messages and live changes commit together), in the order given. Ids that are
 * already confirmed count as such, those no longer stored as not found; refused and counted:
 * those of a past edition, the cancelled, and those left without a seat (`capacity_reached`).
 */
export async function confirmRegistrations(
  db: Kysely<Database>,
  ids: readonly string[],
  actor: Actor,
  plan: MessagePlan,
): Promise<BulkConfirmResult> {
  const unique = [...new Set(ids)];
  const counts = {
    confirmed: 0,
    already_confirmed: 0,
    not_found: 0,
    past_edition: 0,
    capacity_reached: 0,
    cancelled: 0,
  };
  for (let start = 0; start < unique.length; start += confirmBatch) {
    const batch = unique.slice(start, start + confirmBatch);
    await db.transaction().execute(async (trx) => {
      const seats = await holdSeats(trx);
      const stored = new Map(
        (
          await trx
            .selectFrom('registrations')
            .select(['id', 'status', 'event_id', 'promoted_at'])
            .where('id', 'in', batch)
            .execute()
        ).map((row) => [row.id, row]),
      );
      for (const id of batch) {
        const row = stored.get(id);
        if (!row) counts.not_found += 1;
        else if (row.event_id !== seats.editionId) counts.past_edition += 1;
        else if (row.status === 'confirmed') counts.already_confirmed += 1;
        else if (row.status === 'cancelled') counts.cancelled += 1;
        else if (!takeSeatFor(seats, row)) counts.capacity_reached += 1;
        else if (await confirmIn(trx, id, actor, plan)) counts.confirmed += 1;
        else counts.already_confirmed += 1;
      }
    });
  }
  return counts;
}
