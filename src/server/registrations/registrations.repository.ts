import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  registrationSchema,
  type NewRegistration,
  type Registration,
} from '../../shared/registration.schema.ts';
import { isUniqueViolation } from '../db/constraint-errors.ts';
import type { Database, RegistrationRow } from '../db/schema.ts';
import { emailKey } from '../email-key.ts';

export class DuplicateEmailError extends Error {
  constructor() {
    super('duplicate e-mail');
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
    const row = await db
      .insertInto('registrations')
      .values({
        ...input,
        id: randomUUID(),
        email_key: emailKey(input.email),
        created_at: new Date().toISOString(),
        ticket_sent_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRegistration(row);
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

/** Sets `confirmed`; repeating it is harmless. Undefined when there is no such registration. */
export async function confirmRegistration(
  db: Kysely<Database>,
  id: string,
): Promise<Registration | undefined> {
  const row = await db
    .updateTable('registrations')
    .set({ status: 'confirmed' })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && toRegistration(row);
}

export class NotConfirmedError extends Error {
  constructor() {
    super('registration not confirmed');
  }
}

/**
 * Records that the organizer sent the ticket now (every send moves the time). Undefined when
 * there is no such registration; NotConfirmedError while it is pending (the spec enables the
 * ticket only once confirmed).
 */
export async function markTicketSent(
  db: Kysely<Database>,
  id: string,
): Promise<Registration | undefined> {
  const row = await db
    .updateTable('registrations')
    .set({ ticket_sent_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'confirmed')
    .returningAll()
    .executeTakeFirst();
  if (row) return toRegistration(row);
  const existing = await db
    .selectFrom('registrations')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (existing) throw new NotConfirmedError();
  return undefined;
}

/** True when a registration was removed. */
export async function deleteRegistration(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('registrations').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
