// Attendees as the door sees them: confirmed registrations, read through the door's own shape.
// Only the columns that shape names are ever selected, so a phone or an e-mail never even leaves
// the database on a door's request.
import type { Kysely } from 'kysely';
import { attendeeSchema, type Attendee } from '../../shared/door.schema.ts';
import type { Database } from '../db/schema.ts';
import { currentEditionId } from '../db/current-edition.ts';

/** The registrations columns the door's shape has, and no other. */
export const attendeeColumns = Object.keys(attendeeSchema.shape) as Array<keyof Attendee>;

export function toAttendee(row: unknown): Attendee {
  return attendeeSchema.parse(row);
}

/** Every confirmed registration of the current edition, by name. */
export async function listAttendees(db: Kysely<Database>): Promise<Attendee[]> {
  const rows = await db
    .selectFrom('registrations')
    .select(attendeeColumns)
    .where('event_id', '=', currentEditionId)
    .where('status', '=', 'confirmed')
    .orderBy('nome_completo')
    .orderBy('id')
    .execute();
  return rows.map(toAttendee);
}
