// Attendees as the door sees them: the current edition's registrations in every state, read through
// the door's own shape.
// Only the columns that shape names are ever selected, so a phone or an e-mail never even leaves
// the database on a door's request.
import type { Kysely } from 'kysely';
import { attendeeSchema, type Attendee } from '../../shared/door.schema.ts';
import type { Database } from '../db/schema.ts';
import { currentEditionId } from '../db/current-edition.ts';

/** The registrations columns the door's shape has, and no other. */
export const attendeeColumns = Object.keys(attendeeSchema.shape) as Array<keyof Attendee>;

/** A ticket code only for a confirmed person: a cancelled one's old ticket lets no one in. */
export function toAttendee(row: unknown): Attendee {
  const attendee = attendeeSchema.parse(row);
  return attendee.status === 'confirmed' ? attendee : { ...attendee, ticket_code: null };
}

/** Every registration of the current edition, by name. */
export async function listAttendees(db: Kysely<Database>): Promise<Attendee[]> {
  const rows = await db
    .selectFrom('registrations')
    .select(attendeeColumns)
    .where('event_id', '=', currentEditionId)
    .orderBy('nome_completo')
    .orderBy('id')
    .execute();
  return rows.map(toAttendee);
}
