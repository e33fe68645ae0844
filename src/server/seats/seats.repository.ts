// Seats (decision 0130): the current edition's capacity counts confirmed people and the seats
// offered (approval mode's promotions still pending, decision 0160), and every write that could
// take a seat decides inside its own transaction, with the seats held. On PostgreSQL
// the current edition's `events` row is locked (FOR NO KEY UPDATE: writers of seats wait for one
// another on any number of instances, while new registrations' foreign-key checks, FOR KEY SHARE,
// do not wait), after the editions' shared lock (holdCurrentEdition, decision 0112), so the count
// read next (a new snapshot per statement under READ COMMITTED) holds every confirmation committed
// before. SQLite runs one write transaction at a time: nothing to lock.
import { sql, type Transaction } from 'kysely';
import type { Admission } from '../../shared/event-fields.ts';
import { isPostgres } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import { holdCurrentEdition } from '../db/current-edition.ts';

/** The current edition's seats as the caller's transaction holds them. */
export interface Seats {
  editionId: string;
  /** null: no limit. */
  capacity: number | null;
  admission: Admission;
  /** Confirmed now, counting what the transaction confirmed so far (takeSeat). */
  confirmed: number;
  /**
   * Seats offered now: pending with `promoted_at` (a freed seat moved them off the waiting list
   * in `approval`), each holding its seat until confirmed or cancelled (decision 0160).
   */
  offered: number;
  /** On the waiting list now, counting what the transaction added or promoted so far. */
  waiting: number;
}

/**
 * The capacity and the admission, read from the settings' JSON in SQL (no parse of the whole
 * settings per registration); a setting absent from an edition saved before it existed reads its
 * default (no limit, approval).
 */
function seatSettings(trx: Transaction<Database>, lock: boolean) {
  const postgres = isPostgres(trx);
  const field = (name: string) =>
    postgres
      ? sql<string | null>`(settings::json ->> ${name})`
      : sql<string | number | null>`json_extract(settings, ${`$.${name}`})`;
  const query = trx
    .selectFrom('events')
    .select(['id', field('capacity').as('capacity'), field('admission').as('admission')])
    .where('is_current', '=', 1);
  return (lock && postgres ? query.forNoKeyUpdate() : query).executeTakeFirstOrThrow(
    () => new Error('no current edition in table events'),
  );
}

/** The edition's pending registrations that a freed seat was offered to (`promoted_at`). */
export async function countOffered(trx: Transaction<Database>, editionId: string): Promise<number> {
  const { count } = await trx
    .selectFrom('registrations')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('event_id', '=', editionId)
    .where('status', '=', 'pending')
    .where('promoted_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function countConfirmed(
  trx: Transaction<Database>,
  editionId: string,
  status: 'confirmed' | 'waitlisted' = 'confirmed',
): Promise<number> {
  const { count } = await trx
    .selectFrom('registrations')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('event_id', '=', editionId)
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Holds the current edition and its seats until the caller's transaction ends, and tells how
 * many are taken. Every confirmation of any kind calls this first in its transaction.
 */
export async function holdSeats(trx: Transaction<Database>): Promise<Seats> {
  await holdCurrentEdition(trx);
  // SQLite: the write lock first (a statement that writes, changing nothing). A transaction that
  // read first and wrote next would fail at once (SQLITE_BUSY_SNAPSHOT) instead of waiting, when
  // another process (a second server on the file, the CLI) wrote in between.
  if (!isPostgres(trx)) await sql`update events set revision = revision where 0`.execute(trx);
  return readSeats(trx, true);
}

async function readSeats(trx: Transaction<Database>, lock: boolean): Promise<Seats> {
  const row = await seatSettings(trx, lock);
  const capacity = row.capacity === null ? null : Number(row.capacity);
  return {
    editionId: row.id,
    capacity,
    admission: row.admission === 'automatic' ? 'automatic' : 'approval',
    // Without a limit nobody needs the counts (and nobody waits).
    confirmed: capacity === null ? 0 : await countConfirmed(trx, row.id),
    waiting: capacity === null ? 0 : await countConfirmed(trx, row.id, 'waitlisted'),
    offered: capacity === null ? 0 : await countOffered(trx, row.id),
  };
}

/** Seats left: neither taken nor offered (Infinity without a limit). */
export function seatsLeft(seats: Seats): number {
  return seats.capacity === null
    ? Infinity
    : Math.max(0, seats.capacity - seats.confirmed - seats.offered);
}

/** Takes one seat when one is left (the caller then confirms); false when the event is full. */
export function takeSeat(seats: Seats): boolean {
  if (seatsLeft(seats) <= 0) return false;
  seats.confirmed += 1;
  return true;
}

/** Whether a registration holds a seat offered to it (pending, moved off the waiting list). */
export function holdsOffer(row: { status: string; promoted_at: string | null }): boolean {
  return row.status === 'pending' && row.promoted_at !== null;
}

/**
 * Confirms onto the seat offered to this person: it was counted already, so only the capacity
 * itself can refuse it (lowered since the offer: false while the confirmed fill it).
 */
export function takeOfferedSeat(seats: Seats): boolean {
  if (seats.capacity !== null && seats.confirmed >= seats.capacity) return false;
  seats.confirmed += 1;
  seats.offered = Math.max(0, seats.offered - 1);
  return true;
}

/** The seat for this registration's confirmation: its own offer, or one left. */
export function takeSeatFor(
  seats: Seats,
  row: { status: string; promoted_at: string | null },
): boolean {
  return holdsOffer(row) ? takeOfferedSeat(seats) : takeSeat(seats);
}

/**
 * A registration leaving (cancelled): true when it held a seat, confirmed or offered, now free
 * (counted as such in `seats`).
 */
export function freeSeatOf(
  seats: Seats,
  row: { status: string; promoted_at: string | null },
): boolean {
  if (row.status === 'confirmed') {
    seats.confirmed = Math.max(0, seats.confirmed - 1);
    return true;
  }
  if (holdsOffer(row)) {
    seats.offered = Math.max(0, seats.offered - 1);
    return true;
  }
  return false;
}

/**
 * What a new registration becomes: waitlisted, in either mode, when no seat is left or someone
 * is already waiting (a later arrival never gets ahead of the waiting list: a seat freed goes to
 * it, promoteWaitlisted); otherwise confirmed in `automatic` (the seat taken here), pending in
 * `approval`.
 */
export function admit(seats: Seats): 'confirmed' | 'pending' | 'waitlisted' {
  if (seats.waiting > 0 || seatsLeft(seats) <= 0) {
    seats.waiting += 1;
    return 'waitlisted';
  }
  if (seats.admission === 'automatic') return takeSeat(seats) ? 'confirmed' : 'waitlisted';
  return 'pending';
}

/**
 * A new registration's status decided in its own INSERT (PostgreSQL's grouped insert, approval
 * mode): waitlisted when the confirmed and the offered have reached the capacity or someone is
 * already waiting (as admit), pending otherwise. Taking no seat, it needs no lock: a confirmation
 * committed meanwhile only means it waits for the organizer's decision, which is checked then;
 * a seat freed meanwhile is given by fillFreeSeats once the group has committed with anyone
 * waitlisted (decision 0160).
 */
export function pendingOrWaitlisted() {
  // Unlimited seats first: the count of the confirmed is made only when there is a capacity
  // (CASE stops at the first condition that holds).
  return sql<'pending' | 'waitlisted'>`(
    select case
      when (e.settings::json ->> 'capacity') is null then 'pending'
      when (e.settings::json ->> 'capacity')::bigint <= (
        select count(*) from registrations r where r.event_id = e.id and r.status = 'confirmed'
      ) + (
        select count(*) from registrations o
        where o.event_id = e.id and o.status = 'pending' and o.promoted_at is not null
      ) or exists (
        select 1 from registrations w where w.event_id = e.id and w.status = 'waitlisted'
      ) then 'waitlisted'
      else 'pending' end
    from events e where e.is_current = 1
  )`;
}
