// Check-ins. One person, once: the check-in is a conditional update (`… where checked_in_at is
// null`) that the database settles, so of two phones scanning one ticket at the same moment
// exactly one gets `checked_in`, on SQLite and on PostgreSQL; the other reads back who won. Each
// request's answer is kept under its Idempotency-Key in the same transaction: a retry after a lost
// answer gets that answer again, and is no second entry. When the first attempt is still in
// flight, the retry's own insert of the key waits for it (PostgreSQL's unique index; SQLite runs
// one transaction at a time), fails once it commits, and the retry rolls back everything it did
// and answers with what the first one kept.
import type { Kysely, Transaction } from 'kysely';
import type { Attendee, CheckInResult } from '../../shared/door.schema.ts';
import { checkInResultSchema } from '../../shared/door.schema.ts';
import type { Actor } from '../audit/actor.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { isUniqueViolation } from '../db/constraint-errors.ts';
import type { Database } from '../db/schema.ts';
import { currentEditionId, holdCurrentEdition } from '../db/current-edition.ts';
import { registrationEdition } from '../editions/editions.repository.ts';
import { logChange } from '../live/live-changes.repository.ts';
import { attendeeColumns, toAttendee } from './attendees.repository.ts';

/** The ticket's code (from its QR), or the registration's id (found by name). */
export type CheckInTarget = { code: string } | { registrationId: string };

export interface CheckInAttempt {
  idempotencyKey: string;
  target: CheckInTarget;
  actor: Actor;
  /** When the person came in (ISO 8601 UTC): the phone's scan time, or now. */
  at: string;
}

export type CheckInOutcome =
  /** `changed`: this request let the person in (logged for the live streams). */
  | { kind: 'answer'; answer: CheckInResult; changed: boolean }
  | { kind: 'not_found' }
  | { kind: 'not_confirmed' }
  | { kind: 'cancelled' }
  /** A ticket of another edition (a past one): not for today's door. */
  | { kind: 'other_edition' }
  /** The key was used before by another account, or for another ticket. */
  | { kind: 'key_reused' };

function describe(target: CheckInTarget): string {
  return 'code' in target ? `code:${target.code}` : `id:${target.registrationId}`;
}

async function keptRequest(db: Kysely<Database>, key: string) {
  return db
    .selectFrom('check_in_requests')
    .select(['account_id', 'target', 'answer'])
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

function replay(
  kept: { account_id: string; target: string; answer: string },
  attempt: CheckInAttempt,
): CheckInOutcome {
  if (kept.account_id !== attempt.actor.accountId || kept.target !== describe(attempt.target)) {
    return { kind: 'key_reused' };
  }
  return {
    kind: 'answer',
    answer: checkInResultSchema.parse(JSON.parse(kept.answer)),
    changed: false,
  };
}

function resultOf(result: CheckInResult['result'], row: unknown): CheckInResult {
  const registration = toAttendee(row);
  return {
    result,
    registration,
    checked_in_at: registration.checked_in_at ?? '',
    checked_in_by: registration.checked_in_by ?? '',
  };
}

// An undo may land between the update that found the person in and the read of who let them in.
const maxRounds = 5;

async function checkInOnce(
  trx: Transaction<Database>,
  attempt: CheckInAttempt,
): Promise<CheckInOutcome> {
  const { target, actor, at } = attempt;
  // The edition is decided here and holds until commit: no new edition can start in between.
  await holdCurrentEdition(trx);
  const found = await trx
    .selectFrom('registrations')
    .innerJoin('events', 'events.id', 'registrations.event_id')
    .select(['registrations.id', 'registrations.status', 'events.is_current'])
    .where((eb) =>
      'code' in target
        ? eb('registrations.ticket_code', '=', target.code)
        : eb('registrations.id', '=', target.registrationId),
    )
    .executeTakeFirst();
  if (!found) return { kind: 'not_found' };
  if (Number(found.is_current) !== 1) return { kind: 'other_edition' };
  if (found.status === 'cancelled') return { kind: 'cancelled' };
  if (found.status !== 'confirmed') return { kind: 'not_confirmed' };

  let answer: CheckInResult | undefined;
  let changed = false;
  for (let round = 0; !answer; round += 1) {
    if (round === maxRounds) throw new Error('check-in kept racing with undos');
    const updated = await trx
      .updateTable('registrations')
      .set({ checked_in_at: at, checked_in_by: actor.email })
      .where('id', '=', found.id)
      .where('checked_in_at', 'is', null)
      // Checked again by the write itself: a cancellation committed since the read above (which
      // took no lock) leaves nothing to update, and is answered as such below.
      .where('status', '=', 'confirmed')
      .returning(attendeeColumns)
      .executeTakeFirst();
    if (updated) {
      answer = resultOf('checked_in', updated);
      changed = true;
      break;
    }
    const current = await trx
      .selectFrom('registrations')
      .select(attendeeColumns)
      .where('id', '=', found.id)
      .executeTakeFirst();
    if (!current) return { kind: 'not_found' };
    if (current.status === 'cancelled') return { kind: 'cancelled' };
    if (current.status !== 'confirmed') return { kind: 'not_confirmed' };
    if (current.checked_in_at !== null) answer = resultOf('already_checked_in', current);
  }

  await trx
    .insertInto('check_in_requests')
    .values({
      idempotency_key: attempt.idempotencyKey,
      account_id: actor.accountId,
      registration_id: found.id,
      target: describe(target),
      answer: JSON.stringify(answer),
      created_at: new Date().toISOString(),
    })
    .execute();
  if (changed) {
    await recordAudit(trx, found.id, 'checked_in', actor, { at });
    await logChange(trx, 'updated', found.id);
  }
  return { kind: 'answer', answer, changed };
}

export async function checkIn(
  db: Kysely<Database>,
  attempt: CheckInAttempt,
): Promise<CheckInOutcome> {
  const kept = await keptRequest(db, attempt.idempotencyKey);
  if (kept) return replay(kept, attempt);
  try {
    return await db.transaction().execute((trx) => checkInOnce(trx, attempt));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The same key, committed by a request that was still in flight when this one looked.
    const keptMeanwhile = await keptRequest(db, attempt.idempotencyKey);
    if (!keptMeanwhile) throw error;
    return replay(keptMeanwhile, attempt);
  }
}

export type UndoOutcome =
  | { kind: 'undone' | 'not_checked_in'; attendee: Attendee }
  | { kind: 'not_found' }
  /** A past edition's check-in stays as it was: that edition is read-only. */
  | { kind: 'past_edition' };

/** Undoes a check-in (a mistake at the door); undoing one that is not there changes nothing. */
export async function undoCheckIn(
  db: Kysely<Database>,
  registrationId: string,
  actor: Actor,
): Promise<UndoOutcome> {
  return db.transaction().execute(async (trx) => {
    await holdCurrentEdition(trx);
    const updated = await trx
      .updateTable('registrations')
      .set({ checked_in_at: null, checked_in_by: null })
      .where('id', '=', registrationId)
      .where('status', '=', 'confirmed')
      .where('checked_in_at', 'is not', null)
      .where('event_id', '=', currentEditionId)
      .returning(attendeeColumns)
      .executeTakeFirst();
    if (updated) {
      await recordAudit(trx, registrationId, 'check_in_undone', actor);
      await logChange(trx, 'updated', registrationId);
      return { kind: 'undone', attendee: toAttendee(updated) };
    }
    const edition = await registrationEdition(trx, registrationId);
    if (edition && !edition.current) return { kind: 'past_edition' };
    const current = await trx
      .selectFrom('registrations')
      .select(attendeeColumns)
      .where('id', '=', registrationId)
      .where('status', '=', 'confirmed')
      .executeTakeFirst();
    return current
      ? { kind: 'not_checked_in', attendee: toAttendee(current) }
      : { kind: 'not_found' };
  });
}
