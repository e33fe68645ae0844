// Registrations in the database. Every change is logged for the live stream, what an account did
// for the audit trail, and the messages it sends queued in the outbox, in the change's own
// transaction (live/live-changes.repository.ts, audit/audit.repository.ts,
// messages/messages.repository.ts); rows leave here through the shared schema, with where their
// messages are.
import { randomUUID } from 'node:crypto';
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
import { emailKey } from '../email-key.ts';
import { logChange } from '../live/live-changes.repository.ts';
import type { MessagePlan } from '../messages/message-plan.ts';
import { deliveriesOf, queueMessages } from '../messages/messages.repository.ts';
import { newTicketCode } from '../tickets/ticket-code.ts';
import { writeRegistrationOnPostgres } from './registrations.postgres.ts';

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

type NewRow = Omit<NewRegistration, 'website'> &
  Pick<RegistrationRow, 'id' | 'email_key' | 'created_at'>;

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
  ],
  (db, row) => {
    const { delivery: _none, ...state } = newRegistrationState;
    return db
      .insertInto('registrations')
      .values({ ...row, ...state, event_id: currentEditionId })
      .returningAll();
  },
);

/**
 * Stores a new registration with its messages and its live change, in the current edition:
 * on SQLite in one write transaction of `db.writes` (committed together with the others arriving
 * at the same time), on PostgreSQL in one statement grouped with them (registrations.postgres.ts).
 */
export async function createRegistration(
  db: Pick<Db, 'kysely' | 'writes'>,
  input: Omit<NewRegistration, 'website'>,
  plan: MessagePlan,
): Promise<Registration> {
  if (isPostgres(db.kysely)) {
    const written = await writeRegistrationOnPostgres(db.kysely, input, plan);
    if (written === 'duplicate') throw new DuplicateEmailError();
    return toRegistration(written.row, written.delivery);
  }
  try {
    return await db.writes.run(async (trx) => {
      const { rows } = await trx.executeQuery(
        insertRegistration(trx, {
          ...input,
          id: randomUUID(),
          email_key: emailKey(input.email),
          created_at: new Date().toISOString(),
        }),
      );
      const row = rows[0]!;
      await queueMessages(
        trx,
        plan.received.map((channel) => ({ registrationId: row.id, kind: 'received', channel })),
      );
      await logChange(trx, 'created', row.id);
      // A new registration's messages are the ones just queued: nothing to read back.
      const delivery = Object.fromEntries(
        plan.received.map((channel) => [
          channel,
          { kind: 'received', status: 'queued', error: null },
        ]),
      );
      return toRegistration(row, delivery);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateEmailError();
    throw error;
  }
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
  let query = db.selectFrom('registrations').selectAll().where('id', 'in', ids);
  if (currentEdition) query = query.where('event_id', '=', currentEditionId);
  const rows = await query.execute();
  return delivery ? withDeliveries(db, rows) : rows.map((row) => toRegistration(row));
}

/**
 * The rows with these ids, each with its edition's id, without where their messages are (the
 * sender's one read per claimed batch: the person, and which edition's settings to speak of).
 */
export async function findWithEditions(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Array<{ registration: Registration; editionId: string }>> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('registrations').selectAll().where('id', 'in', ids).execute();
  return rows.map((row) => ({ registration: toRegistration(row), editionId: row.event_id }));
}

/**
 * Confirms inside the caller's transaction (which holds the current edition); undefined when it
 * was not pending, not there, or of a past edition.
 */
async function confirmIn(
  trx: Transaction<Database>,
  id: string,
  actor: Actor,
  plan: MessagePlan,
): Promise<RegistrationRow | undefined> {
  const row = await trx
    .updateTable('registrations')
    .set({
      status: 'confirmed',
      ticket_code: sql<string>`coalesce(ticket_code, ${newTicketCode()})`,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('event_id', '=', currentEditionId)
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  await recordAudit(trx, id, 'confirmed', actor);
  await queueMessages(
    trx,
    plan.ticket.map((channel) => ({ registrationId: id, kind: 'ticket', channel })),
  );
  await logChange(trx, 'updated', id);
  return row;
}

/**
 * Sets `confirmed`, gives the ticket its code and queues the ticket's messages; repeating it is
 * harmless (same code, nothing logged or sent again). Undefined when there is no such registration;
 * PastEditionError when it is of a past edition.
 */
export async function confirmRegistration(
  db: Kysely<Database>,
  id: string,
  actor: Actor,
  plan: MessagePlan,
): Promise<Registration | undefined> {
  return db.transaction().execute(async (trx) => {
    await holdCurrentEdition(trx);
    let row = await confirmIn(trx, id, actor, plan);
    if (!row) {
      const edition = await registrationEdition(trx, id);
      if (!edition) return undefined;
      if (!edition.current) throw new PastEditionError();
      row = await trx
        .selectFrom('registrations')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    }
    const [registration] = await withDeliveries(trx, [row]);
    return registration;
  });
}

/** Rows confirmed per transaction: a long bulk confirmation never holds the writer for long. */
const confirmBatch = 200;

/**
 * Confirms many at once, in batches (each a transaction: its confirmations, audit entries,
 * messages and live changes commit together). Ids that are not pending count as already
 * confirmed when stored, as not found otherwise; those of a past edition are refused (counted).
 */
export async function confirmRegistrations(
  db: Kysely<Database>,
  ids: readonly string[],
  actor: Actor,
  plan: MessagePlan,
  afterBatch: () => void = () => {},
): Promise<BulkConfirmResult> {
  const unique = [...new Set(ids)];
  const counts = { confirmed: 0, already_confirmed: 0, not_found: 0, past_edition: 0 };
  for (let start = 0; start < unique.length; start += confirmBatch) {
    const batch = unique.slice(start, start + confirmBatch);
    await db.transaction().execute(async (trx) => {
      await holdCurrentEdition(trx);
      const stored = await trx
        .selectFrom('registrations')
        .innerJoin('events', 'events.id', 'registrations.event_id')
        .select(['registrations.id', 'registrations.status', 'events.is_current'])
        .where('registrations.id', 'in', batch)
        .execute();
      counts.not_found += batch.length - stored.length;
      for (const { id, status, is_current } of stored) {
        if (Number(is_current) !== 1) counts.past_edition += 1;
        else if (status !== 'pending' || !(await confirmIn(trx, id, actor, plan))) {
          counts.already_confirmed += 1;
        } else counts.confirmed += 1;
      }
    });
    afterBatch();
  }
  return counts;
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
 * True when a registration was removed: with it go its ticket (the code opens nothing any more),
 * its check-in, its kept check-in answers (foreign key) and its audit entries, leaving one entry
 * for the deletion. `actor` is null for the server's own jobs (retention).
 */
export async function deleteRegistration(
  db: Kysely<Database>,
  id: string,
  actor: Actor | null,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('registrations')
      .where('id', '=', id)
      .returning('event_id')
      .executeTakeFirst();
    if (!deleted) return false;
    await recordErasure(trx, id, actor, deleted.event_id);
    await logChange(trx, 'deleted', id);
    return true;
  });
}
