// A waitlisted person's place in line: 1 for the next to get a seat. Those ahead are the waitlisted
// of the same edition who arrived before, the order in which the seats go (decision 0130).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export async function waitlistPosition(
  db: Kysely<Database>,
  registration: { id: string; created_at: string },
): Promise<number> {
  const { ahead } = await db
    .selectFrom('registrations')
    .select((eb) => eb.fn.countAll<number | string>().as('ahead'))
    .where('event_id', '=', (eb) =>
      eb
        .selectFrom('registrations as own')
        .select('own.event_id')
        .where('own.id', '=', registration.id),
    )
    .where('status', '=', 'waitlisted')
    .where((eb) =>
      eb.or([
        eb('created_at', '<', registration.created_at),
        eb.and([eb('created_at', '=', registration.created_at), eb('id', '<', registration.id)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(ahead) + 1;
}
