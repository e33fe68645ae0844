// Reading registrations: an edition's list, rows by id (the live streams, the sender), and the one
// a replayed form already made. Rows leave through the shared schema, with where their messages
// are (registration-rows.ts).
import type { Kysely } from 'kysely';
import type { Registration } from '../../shared/registration.schema.ts';
import { currentEditionId } from '../db/current-edition.ts';
import type { Database } from '../db/schema.ts';
import { emailKey } from '../email-key.ts';
import type { CreatedRegistration } from './new-registration.ts';
import { toRegistration, withDeliveries } from './registration-rows.ts';

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
