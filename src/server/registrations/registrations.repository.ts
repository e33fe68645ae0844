// Registrations in the database. Every change is logged for the live stream, what an account did
// for the audit trail, and the messages it sends queued in the outbox, in the change's own
// transaction (live/live-changes.repository.ts, audit/audit.repository.ts,
// messages/messages.repository.ts); rows leave here through the shared schema, with where their
// messages are.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Delivery } from '../../shared/message.schema.ts';
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
import type { Database, RegistrationRow } from '../db/schema.ts';
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

export async function createRegistration(
  db: Kysely<Database>,
  input: Omit<NewRegistration, 'website'>,
  plan: MessagePlan,
): Promise<Registration> {
  if (isPostgres(db)) {
    // Grouped with the registrations arriving at the same time (registrations.postgres.ts).
    const written = await writeRegistrationOnPostgres(db, input, plan);
    if (written === 'duplicate') throw new DuplicateEmailError();
    return toRegistration(written.row, written.delivery);
  }
  const { delivery: _none, ...state } = newRegistrationState;
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('registrations')
        .values({
          ...input,
          ...state,
          id: randomUUID(),
          email_key: emailKey(input.email),
          created_at: new Date().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
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

/** Newest first; rows created in the same millisecond keep a stable order. */
export async function listRegistrations(db: Kysely<Database>): Promise<Registration[]> {
  const rows = await db
    .selectFrom('registrations')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return withDeliveries(db, rows, true);
}

/** The current rows with these ids (any order); ids no longer stored are left out. */
export async function findRegistrations(
  db: Kysely<Database>,
  ids: readonly string[],
  /** false: without where their messages are (the sender, which needs only the person). */
  { delivery = true }: { delivery?: boolean } = {},
): Promise<Registration[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('registrations').selectAll().where('id', 'in', ids).execute();
  return delivery ? withDeliveries(db, rows) : rows.map((row) => toRegistration(row));
}

/** Confirms inside the caller's transaction; undefined when it was not pending (or not there). */
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
 * harmless (same code, nothing logged or sent again). Undefined when there is no such registration.
 */
export async function confirmRegistration(
  db: Kysely<Database>,
  id: string,
  actor: Actor,
  plan: MessagePlan,
): Promise<Registration | undefined> {
  return db.transaction().execute(async (trx) => {
    const row =
      (await confirmIn(trx, id, actor, plan)) ??
      (await trx.selectFrom('registrations').selectAll().where('id', '=', id).executeTakeFirst());
    if (!row) return undefined;
    const [registration] = await withDeliveries(trx, [row]);
    return registration;
  });
}

/** Rows confirmed per transaction: a long bulk confirmation never holds the writer for long. */
const confirmBatch = 200;

/**
 * Confirms many at once, in batches (each a transaction: its confirmations, audit entries,
 * messages and live changes commit together). Ids that are not pending count as already
 * confirmed when stored, as not found otherwise.
 */
export async function confirmRegistrations(
  db: Kysely<Database>,
  ids: readonly string[],
  actor: Actor,
  plan: MessagePlan,
  afterBatch: () => void = () => {},
): Promise<{ confirmed: number; already_confirmed: number; not_found: number }> {
  const unique = [...new Set(ids)];
  const counts = { confirmed: 0, already_confirmed: 0, not_found: 0 };
  for (let start = 0; start < unique.length; start += confirmBatch) {
    const batch = unique.slice(start, start + confirmBatch);
    await db.transaction().execute(async (trx) => {
      const stored = await trx
        .selectFrom('registrations')
        .select(['id', 'status'])
        .where('id', 'in', batch)
        .execute();
      counts.not_found += batch.length - stored.length;
      for (const { id, status } of stored) {
        if (status !== 'pending' || !(await confirmIn(trx, id, actor, plan))) {
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
 * there is no such registration; NotConfirmedError while it is pending (the spec enables the
 * ticket only once confirmed).
 */
export async function markTicketSent(
  db: Kysely<Database>,
  id: string,
  actor: Actor,
): Promise<Registration | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('registrations')
      .set({ ticket_sent_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'confirmed')
      .returningAll()
      .executeTakeFirst();
    if (row) {
      await recordAudit(trx, id, 'ticket_sent', actor);
      await logChange(trx, 'updated', id);
      const [registration] = await withDeliveries(trx, [row]);
      return registration;
    }
    const existing = await trx
      .selectFrom('registrations')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (existing) throw new NotConfirmedError();
    return undefined;
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
    const result = await trx.deleteFrom('registrations').where('id', '=', id).executeTakeFirst();
    if (result.numDeletedRows === 0n) return false;
    await recordErasure(trx, id, actor);
    await logChange(trx, 'deleted', id);
    return true;
  });
}
