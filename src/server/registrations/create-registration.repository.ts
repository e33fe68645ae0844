// Storing a new registration with its messages and its live change, in the current edition, its
// status decided with the seats (decision 0130): on SQLite in a write transaction grouped with
// the others arriving at the same time (db/write-transactions.ts), on PostgreSQL through the
// grouped writers (new-registrations.postgres.ts, admitted-registrations.postgres.ts).
import type { Transaction } from 'kysely';
import { newRegistrationState, type Registration } from '../../shared/registration.schema.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { isUniqueViolation } from '../db/constraint-errors.ts';
import { currentEditionId } from '../db/current-edition.ts';
import type { Db } from '../db/database.ts';
import { isPostgres } from '../db/dialect.ts';
import { queryTemplate } from '../db/query-template.ts';
import type { Database, RegistrationRow } from '../db/schema.ts';
import { emailKey } from '../email-key.ts';
import { logChange } from '../live/live-changes.repository.ts';
import type { MessagePlan } from '../messages/message-plan.ts';
import { queueMessages } from '../messages/outbox.repository.ts';
import { admit, holdSeats, type Seats } from '../seats/seats.repository.ts';
import { newPersonalToken, newTicketCode } from '../tickets/ticket-code.ts';
import { writeAdmittedOnPostgres } from './admitted-registrations.postgres.ts';
import type { CreatedRegistration, RegistrationInput } from './new-registration.ts';
import { writeRegistrationOnPostgres } from './new-registrations.postgres.ts';
import { DuplicateEmailError } from './registration-errors.ts';
import { storedAnswers, toRegistration } from './registration-rows.ts';
import { newRegistrationId } from './uuid.ts';

type NewRow = Omit<RegistrationInput, 'respostas'> &
  Pick<
    RegistrationRow,
    'id' | 'email_key' | 'created_at' | 'status' | 'ticket_code' | 'personal_token' | 'respostas'
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
    'respostas',
  ],
  (db, row) => {
    const { delivery: _none, respostas: _stored, ...state } = newRegistrationState;
    return db
      .insertInto('registrations')
      .values({ ...state, ...row, event_id: currentEditionId })
      .returningAll();
  },
);

/**
 * Stores a new registration with its messages and its live change, in the current edition:
 * on SQLite in one write transaction of `db.writes` (committed together with the others arriving
 * at the same time), on PostgreSQL in one statement grouped with them
 * (new-registrations.postgres.ts), or, when the edition admits automatically (`automatic`, the
 * caller's hint from the settings it holds), in one transaction per group that holds the seats
 * (admitted-registrations.postgres.ts, decision 0130).
 */
export async function createRegistration(
  db: Pick<Db, 'kysely' | 'writes'>,
  input: RegistrationInput,
  plan: MessagePlan,
  options: { automatic?: boolean } = {},
): Promise<Registration> {
  return (await createRegistrationWithToken(db, input, plan, options)).registration;
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
        respostas: storedAnswers(input.respostas),
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
