// Registrations in the database. Every change is logged for the live stream, what an account did
// for the audit trail, and the messages it sends queued in the outbox, in the change's own
// transaction (live/live-changes.repository.ts, audit/audit.repository.ts,
// messages/messages.repository.ts); rows leave here through the shared schema, with where their
// messages are.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { BulkConfirmResult, Delivery } from '../../shared/message.schema.ts';
import {
  newRegistrationState,
  registrationSchema,
  type NewRegistration,
  type Registration,
} from '../../shared/registration.schema.ts';
import type { Actor } from '../audit/actor.ts';
import { recordAudit, recordErasure } from '../audit/audit.repository.ts';
import { isUniqueViolation } from '../db/constraint-errors.ts';
import { isPostgres } from '../db/dialect.ts';
import { queryTemplate } from '../db/query-template.ts';
import type { Database, RegistrationRow } from '../db/schema.ts';
import type { Db } from '../db/database.ts';
import {
  currentEditionId,
  holdCurrentEdition,
  registrationEdition,
} from '../editions/editions.repository.ts';
import { writeAdmittedOnPostgres } from '../seats/admitted-writes.postgres.ts';
import {
  admit,
  freeSeatOf,
  holdSeats,
  seatsLeft,
  takeOfferedSeat,
  takeSeat,
  takeSeatFor,
  type Seats,
} from '../seats/seats.repository.ts';
import { emailKey } from '../email-key.ts';
import { logChange } from '../live/live-changes.repository.ts';
import type { MessagePlan } from '../messages/message-plan.ts';
import { deliveriesOf, queueMessages } from '../messages/messages.repository.ts';
import { newPersonalToken, newTicketCode } from '../tickets/ticket-code.ts';
import { writeRegistrationOnPostgres } from './registrations.postgres.ts';
import { newRegistrationId } from './uuid.ts';

export class DuplicateEmailError extends Error {
  constructor() {
    super('duplicate e-mail');
  }
}

export class NotConfirmedError extends Error {
  constructor() {
    super('registration not confirmed');
  }
}

/** No seat left: the confirmed count is at the capacity (decision 0130). */
export class CapacityReachedError extends Error {
  constructor() {
    super('no seat left');
  }
}

/** The registration is cancelled: restore it first (decision 0130). */
export class CancelledError extends Error {
  constructor() {
    super('registration cancelled');
  }
}

/** The registration is of a past edition: read-only but for its erasure (decision 0112). */
export class PastEditionError extends Error {
  constructor() {
    super('registration of a past edition');
  }
}

/** The row as the API serves it: the shared schema keeps its fields and drops the rest. */
function toRegistration(row: RegistrationRow, delivery: Delivery = {}): Registration {
  return registrationSchema.parse({ ...row, delivery });
}

/** Rows as the API serves them, each with where its messages are. */
async function withDeliveries(
  db: Kysely<Database>,
  rows: readonly RegistrationRow[],
  all = false,
): Promise<Registration[]> {
  if (rows.length === 0) return [];
  const deliveries = await deliveriesOf(db, all ? undefined : rows.map((row) => row.id));
  return rows.map((row) => toRegistration(row, deliveries.get(row.id)));
}

/**
 * What the form sent, and the key it was sent under, if any: a replay under the same key finds the
 * registration it made (registrationSentUnder).
 */
export type RegistrationInput = Omit<NewRegistration, 'website'> & {
  submission_key?: string | null;
};

type NewRow = RegistrationInput &
  Pick<
    RegistrationRow,
    'id' | 'email_key' | 'created_at' | 'status' | 'ticket_code' | 'personal_token'
  > & { submission_key: string | null };

/** The new row, into the current edition, compiled once (db/query-template.ts). */
const insertRegistration = queryTemplate<NewRow, RegistrationRow>(
  [
    'id',
    'nome_completo',
    'whatsapp',
    'email',
    'email_key',
    'nome_compania',
    'levar_alguem',
    'confirmacao',
    'created_at',
    // Seats (decision 0130): decided by the caller with the seats held.
    'status',
    'ticket_code',
    'personal_token',
    'submission_key',
  ],
  (db, row) => {
    const { delivery: _none, ...state } = newRegistrationState;
    return db
      .insertInto('registrations')
      .values({ ...state, ...row, event_id: currentEditionId })
      .returningAll();
  },
);

/**
 * Stores a new registration with its messages and its live change, in the current edition:
 * on SQLite in one write transaction of `db.writes` (committed together with the others arriving
 * at the same time), on PostgreSQL in one statement grouped with them (registrations.postgres.ts),
 * or, when the edition admits automatically (`automatic`, the caller's hint from the settings it
 * holds), in one transaction per group that holds the seats (admitted-writes.postgres.ts,
 * decision 0130).
 */
export async function createRegistration(
  db: Pick<Db, 'kysely' | 'writes'>,
  input: RegistrationInput,
  plan: MessagePlan,
  options: { automatic?: boolean } = {},
): Promise<Registration> {
  return (await createRegistrationWithToken(db, input, plan, options)).registration;
}

/** A new registration as stored, and its own page's token: what the visitor is answered. */
export interface CreatedRegistration {
  registration: Registration;
  personalToken: string | null;
  /** Stored; giving a seat freed meanwhile to the waiting list failed after (to be logged). */
  seatsError?: unknown;
}

/** createRegistration, with the new registration's personal token (decision 0130). */
export async function createRegistrationWithToken(
  db: Pick<Db, 'kysely' | 'writes'>,
  input: RegistrationInput,
  plan: MessagePlan,
  { automatic = false }: { automatic?: boolean } = {},
): Promise<CreatedRegistration> {
  if (isPostgres(db.kysely)) {
    const written = automatic
      ? await writeAdmittedOnPostgres(db.kysely, input, plan)
      : await writeRegistrationOnPostgres(db.kysely, input, plan);
    if (written === 'duplicate') throw new DuplicateEmailError();
    return {
      registration: toRegistration(written.row, written.delivery),
      personalToken: written.row.personal_token,
      ...(written.seatsError === undefined ? {} : { seatsError: written.seatsError }),
    };
  }
  try {
    return await db.writes.run((trx) => insertAdmitted(trx, input, plan));
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateEmailError();
    throw error;
  }
}

/**
 * The current edition's registration with this e-mail, when it was sent under `key`: the same
 * form sent again after its answer was lost (decision 0168). Undefined for anyone else's.
 */
export async function registrationSentUnder(
  db: Kysely<Database>,
  email: string,
  key: string,
): Promise<CreatedRegistration | undefined> {
  const row = await db
    .selectFrom('registrations')
    .selectAll()
    .where('event_id', '=', (eb) => currentEditionId(eb))
    .where('email_key', '=', emailKey(email))
    .where('submission_key', '=', key)
    // Cancelled since: the e-mail is taken, as for anyone.
    .where('status', '!=', 'cancelled')
    .executeTakeFirst();
  if (!row) return undefined;
  const [registration] = await withDeliveries(db, [row]);
  return { registration: registration!, personalToken: row.personal_token };
}

/**
 * The seats as one SQLite group commit holds them: read once per batch (its registrations share
 * one transaction, one writer), each then taking its seat from the count in memory; any other
 * transaction reads them afresh. On PostgreSQL, held per transaction (holdSeats).
 */
const seatsOfBatch = new WeakMap<Transaction<Database>, Seats>();

async function batchSeats(trx: Transaction<Database>): Promise<Seats> {
  if (isPostgres(trx)) return holdSeats(trx);
  let seats = seatsOfBatch.get(trx);
  if (!seats) {
    seats = await holdSeats(trx);
    seatsOfBatch.set(trx, seats);
  }
  return seats;
}

/**
 * One new registration in the caller's write transaction, its status decided with the seats
 * held (admit): confirmed on arrival (its ticket and its code, `automatic` with a seat left),
 * waitlisted (no seat left) or pending. A confirmed one gets the ticket's messages, the others
 * the 'received' one.
 */
async function insertAdmitted(
  trx: Transaction<Database>,
  input: RegistrationInput,
  plan: MessagePlan,
): Promise<CreatedRegistration> {
  const seats = await batchSeats(trx);
  const status = admit(seats);
  let row: RegistrationRow;
  try {
    const { rows } = await trx.executeQuery(
      insertRegistration(trx, {
        ...input,
        status,
        ticket_code: status === 'confirmed' ? newTicketCode() : null,
        personal_token: newPersonalToken(),
        submission_key: input.submission_key ?? null,
        id: newRegistrationId(),
        email_key: emailKey(input.email),
        created_at: new Date().toISOString(),
      }),
    );
    row = rows[0]!;
    const kind = status === 'confirmed' ? 'ticket' : 'received';
    await queueMessages(
      trx,
      plan[kind].map((channel) => ({ registrationId: row.id, kind, channel })),
    );
    if (status === 'confirmed') await recordAudit(trx, row.id, 'confirmed', null);
    await logChange(trx, 'created', row.id);
  } catch (error) {
    // Undone (its savepoint, or the whole transaction): the seat it took is free again.
    if (status === 'confirmed') seats.confirmed -= 1;
    if (status === 'waitlisted') seats.waiting -= 1;
    throw error;
  }
  const kind = status === 'confirmed' ? 'ticket' : 'received';
  const channels = plan[kind];
  // A new registration's messages are the ones just queued: nothing to read back.
  const delivery = Object.fromEntries(
    channels.map((channel) => [channel, { kind, status: 'queued', error: null }]),
  );
  return { registration: toRegistration(row, delivery), personalToken: row.personal_token };
}

/**
 * One edition's registrations (the current one's by default), newest first; rows created in the
 * same millisecond keep a stable order.
 */
export async function listRegistrations(
  db: Kysely<Database>,
  editionId?: string,
): Promise<Registration[]> {
  const rows = await db
    .selectFrom('registrations')
    .selectAll()
    .where('event_id', '=', (eb) =>
      editionId === undefined ? currentEditionId(eb) : eb.val(editionId),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return withDeliveries(db, rows, true);
}

/** The current rows with these ids (any order); ids no longer stored are left out. */
export async function findRegistrations(
  db: Kysely<Database>,
  ids: readonly string[],
  {
    delivery = true,
    currentEdition = false,
  }: {
    /** false: without where their messages are (the sender, which needs only the person). */
    delivery?: boolean;
    /** true: those of the current edition only (the live streams show no other). */
    currentEdition?: boolean;
  } = {},
): Promise<Registration[]> {
  if (ids.length === 0) return [];
  const found = await registrationsByIdQuery(db, ids).execute();
  const rows = found
    .filter((row) => !currentEdition || Boolean(row.of_current_edition))
    .map(({ of_current_edition: _current, ...row }) => row);
  return delivery ? withDeliveries(db, rows) : rows.map((row) => toRegistration(row));
}

/**
 * findRegistrations' statement: the rows by their primary key alone, each saying whether it is
 * of the current edition. Not `and event_id = <current>` in the WHERE clause: on a table
 * PostgreSQL has no statistics for yet (a new event's first minutes, or autovacuum off), the
 * planner took that for the selective condition and read every row of the edition through its
 * index on each call, that is on each read of the live log, by every instance (decision 0156).
 */
export function registrationsByIdQuery(db: Kysely<Database>, ids: readonly string[]) {
  return db
    .selectFrom('registrations')
    .selectAll()
    .select((eb) => eb('event_id', '=', currentEditionId(eb)).as('of_current_edition'))
    .where('id', 'in', ids);
}

/**
 * The rows with these ids, each with its edition's id, without where their messages are (the
 * sender's one read per claimed batch: the person, and which edition's settings to speak of).
 */
export async function findWithEditions(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Array<{ registration: Registration; editionId: string; personalToken: string | null }>> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('registrations').selectAll().where('id', 'in', ids).execute();
  return rows.map((row) => ({
    registration: toRegistration(row),
    editionId: row.event_id,
    // Its own page's token, for the messages' link only (decision 0130).
    personalToken: row.personal_token,
  }));
}

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
async function stateOf(trx: Transaction<Database>, id: string) {
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
  afterBatch: () => void = () => {},
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
    afterBatch();
  }
  return counts;
}

/**
 * Gives free seats to the waiting list, oldest first, each person once, in the caller's
 * transaction (which holds the seats): in `automatic` each is confirmed and their ticket queued;
 * in `approval` each goes back to pending, at the head of the organizer's queue (`promoted_at`),
 * the seat offered to them: held, counted as taken, until they are confirmed or cancelled. In
 * `automatic`, the people a seat was offered to while it was `approval` are confirmed first,
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

/**
 * Why a message still queued is not sent: the change it speaks of was undone before it left (a
 * ticket, by a cancellation; the cancellation's e-mail, by a restore). The undoing transaction
 * fails those still queued, and the sender refuses any it took meanwhile (decision 0160).
 */
export const overtaken = {
  ticket: { code: 'cancelled', message: 'Inscrição cancelada.' },
  cancelled: { code: 'restored', message: 'Inscrição restaurada.' },
} as const;

/**
 * Fails this registration's messages of one kind still queued (waiting for their first try or a
 * retry), in the caller's transaction. One being sent right now is left to its sender, whose
 * outcome only a message in its claim takes.
 */
async function failQueued(
  trx: Transaction<Database>,
  registrationId: string,
  kind: keyof typeof overtaken,
): Promise<void> {
  await trx
    .updateTable('messages')
    .set({
      status: 'failed',
      error_code: overtaken[kind].code,
      error_message: overtaken[kind].message,
      updated_at: new Date().toISOString(),
    })
    .where('registration_id', '=', registrationId)
    .where('kind', '=', kind)
    .where('status', '=', 'queued')
    .execute();
}

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
 * registration; PastEditionError for a past edition's.
 */
export async function cancelRegistration(
  db: Kysely<Database>,
  target: CancelTarget,
  actor: Actor | null,
  plan: MessagePlan,
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
    const row = await trx
      .updateTable('registrations')
      .set({ status: 'cancelled' })
      .where('id', '=', found.id)
      .where('status', '=', found.status)
      .returningAll()
      .executeTakeFirst();
    // Erased while this waited for the row (PostgreSQL; every other change holds the seats).
    if (!row) return undefined;
    await recordAudit(trx, found.id, actor ? 'cancelled' : 'withdrawn', actor);
    // A ticket still waiting (a retry after the mail server's 421) would go out revoked, or, after
    // a restore queues the ticket again, as a second one: it fails here, with the cancellation.
    await failQueued(trx, found.id, 'ticket');
    await queueMessages(
      trx,
      plan.cancelled.map((channel) => ({ registrationId: found.id, kind: 'cancelled', channel })),
    );
    await logChange(trx, 'updated', found.id);
    // A confirmed person's seat, or the one offered to a promoted person, goes to the next.
    const promoted = freeSeatOf(seats, found) ? await promoteWaitlisted(trx, seats, plan, 1) : [];
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

export class NotCancelledError extends Error {
  constructor() {
    super('registration not cancelled');
  }
}

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

/**
 * Removes a registration: with it go its ticket (the code opens nothing any more), its check-in,
 * its kept check-in answers (foreign key) and its audit entries, leaving one entry for the
 * deletion. `actor` is null for the server's own jobs (retention). With a `plan`, the seats are
 * held first and a seat it frees goes to the waiting list in the same transaction (decision
 * 0160): no crash can leave it free with people waiting, and a cancellation of the same person
 * waits for it. Without one (the retention purge), a freed seat goes to nobody.
 */
export async function deleteRegistration(
  db: Kysely<Database>,
  id: string,
  actor: Actor | null,
  plan: MessagePlan | null,
): Promise<{ erased: boolean; promoted: string[] }> {
  return db.transaction().execute(async (trx) => {
    const seats = plan ? await holdSeats(trx) : undefined;
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
