// The waiting list (decision 0130, 0160): seats freed, or left free by a change of the settings,
// go to the people waiting, oldest first, in the transaction that freed them.
import type { Kysely, Transaction } from 'kysely';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Database } from '../db/schema.ts';
import { logChange } from '../live/live-changes.repository.ts';
import type { MessagePlan } from '../messages/message-plan.ts';
import { queueMessages } from '../messages/outbox.repository.ts';
import {
  holdSeats,
  seatsLeft,
  takeOfferedSeat,
  takeSeat,
  type Seats,
} from '../seats/seats.repository.ts';
import { confirmIn } from './confirmation.repository.ts';

/**
 * Gives free seats to the waiting list, oldest first, each person once, in the caller's
 * transaction (which holds the seats): in `automatic` each is confirmed and their ticket queued;
 * in `approval` each goes back to pending, at the head of the organizer's queue (`promoted_at`),
 * told so by a 'seat' message, the seat offered to them: held, counted as taken, until they are
 * confirmed or cancelled. In `automatic`, the people a seat was offered to while it was `approval` are confirmed first,
 * oldest offer first (decision 0160). At most `limit` people from the waiting list (one per seat
 * just freed); never more than the seats left. Returns the ids moved.
 */
export async function promoteWaitlisted(
  trx: Transaction<Database>,
  seats: Seats,
  plan: MessagePlan,
  limit = Infinity,
): Promise<string[]> {
  const promoted: string[] = [];
  // Without a limit the offers are not counted: they are looked for.
  if (seats.admission === 'automatic' && (seats.capacity === null || seats.offered > 0)) {
    const offered = await trx
      .selectFrom('registrations')
      .select('id')
      .where('event_id', '=', seats.editionId)
      .where('status', '=', 'pending')
      .where('promoted_at', 'is not', null)
      .orderBy('promoted_at')
      .orderBy('id')
      .execute();
    for (const { id } of offered) {
      if (!takeOfferedSeat(seats)) break;
      if (await confirmIn(trx, id, null, plan, { from: ['pending'] })) promoted.push(id);
    }
  }
  const free = Math.min(limit, seatsLeft(seats));
  if (free <= 0) return promoted;
  let query = trx
    .selectFrom('registrations')
    .select('id')
    .where('event_id', '=', seats.editionId)
    .where('status', '=', 'waitlisted')
    .orderBy('created_at')
    .orderBy('id');
  if (Number.isFinite(free)) query = query.limit(free);
  const waiting = await query.execute();
  for (const { id } of waiting) {
    if (seats.admission === 'automatic') {
      if (!takeSeat(seats)) break;
      if (await confirmIn(trx, id, null, plan, { from: ['waitlisted'], action: 'promoted' })) {
        promoted.push(id);
        seats.waiting -= 1;
      }
      continue;
    }
    const moved = await trx
      .updateTable('registrations')
      .set({ status: 'pending', promoted_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'waitlisted')
      .returning('id')
      .executeTakeFirst();
    if (!moved) continue;
    await recordAudit(trx, id, 'promoted', null);
    await logChange(trx, 'updated', id);
    // Told that a seat is held for them, pending the organizer's confirmation (issue 35.3).
    await queueMessages(
      trx,
      plan.seat.map((channel) => ({ registrationId: id, kind: 'seat', channel })),
    );
    promoted.push(id);
    seats.waiting -= 1;
    // Offered: held for them, no longer free for anyone else.
    if (seats.capacity !== null) seats.offered += 1;
  }
  return promoted;
}

/**
 * Seats left free (the capacity raised or removed, admission made automatic, a confirmed person
 * erased): given to the waiting list, in a transaction of its own. Returns the ids moved.
 */
export async function fillFreeSeats(db: Kysely<Database>, plan: MessagePlan): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const seats = await holdSeats(trx);
    return promoteWaitlisted(trx, seats, plan);
  });
}
