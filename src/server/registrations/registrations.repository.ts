// Registrations in the database. Every change is logged for the live stream, and what an account
// did for the audit trail, in the change's own transaction (live/live-changes.repository.ts,
// audit/audit.repository.ts); rows leave here through the shared schema.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  newRegistrationState,
  registrationSchema,
  type NewRegistration,
  type Registration,
} from '../../shared/registration.schema.ts';
import type { Actor } from '../audit/actor.ts';
import { recordAudit, recordErasure } from '../audit/audit.repository.ts';
import { isUniqueViolation } from '../db/constraint-errors.ts';
import type { Database, RegistrationRow } from '../db/schema.ts';
import { emailKey } from '../email-key.ts';
import { logChange } from '../live/live-changes.repository.ts';
import { newTicketCode } from '../tickets/ticket-code.ts';

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
function toRegistration(row: RegistrationRow): Registration {
  return registrationSchema.parse(row);
}

export async function createRegistration(
  db: Kysely<Database>,
  input: Omit<NewRegistration, 'website'>,
): Promise<Registration> {
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('registrations')
        .values({
          ...input,
          ...newRegistrationState,
          id: randomUUID(),
          email_key: emailKey(input.email),
          created_at: new Date().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await logChange(trx, 'created', row.id);
      return toRegistration(row);
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
  return rows.map(toRegistration);
}

/** The current rows with these ids (any order); ids no longer stored are left out. */
export async function findRegistrations(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Registration[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('registrations').selectAll().where('id', 'in', ids).execute();
  return rows.map(toRegistration);
}

/**
 * Sets `confirmed` and gives the ticket its code; repeating it is harmless (same code, nothing
 * logged). Undefined when there is no such registration.
 */
export async function confirmRegistration(
  db: Kysely<Database>,
  id: string,
  actor: Actor,
): Promise<Registration | undefined> {
  return db.transaction().execute(async (trx) => {
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
    if (!row) {
      const existing = await trx
        .selectFrom('registrations')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return existing && toRegistration(existing);
    }
    await recordAudit(trx, id, 'confirmed', actor);
    await logChange(trx, 'updated', id);
    return toRegistration(row);
  });
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
      return toRegistration(row);
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
