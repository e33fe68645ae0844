// A ticket by its code: the confirmed registration that holds it, read through the ticket's own
// shape (name, company, check-in; never a phone or an e-mail), with the event of its own edition
// (a past edition's ticket still opens, showing that edition).
import type { Kysely } from 'kysely';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { ticketSchema, type Ticket } from '../../shared/ticket.schema.ts';
import type { Database } from '../db/schema.ts';

export interface FoundTicket {
  ticket: Ticket;
  /** Its edition's settings, in full (the calendar file needs the duration). */
  event: EventSettings;
  /** Whether its edition is the current one (the door admits only the current edition's). */
  currentEdition: boolean;
}

/** Undefined for a code no registration holds (never given, or revoked with its registration). */
export async function findTicket(
  db: Kysely<Database>,
  code: string,
  settingsOf: (editionId: string) => Promise<EventSettings | undefined>,
): Promise<FoundTicket | undefined> {
  const row = await db
    .selectFrom('registrations')
    .innerJoin('events', 'events.id', 'registrations.event_id')
    .select([
      'registrations.nome_completo',
      'registrations.nome_compania',
      'registrations.ticket_code',
      'registrations.checked_in_at',
      'registrations.event_id',
      'events.is_current',
    ])
    .where('registrations.ticket_code', '=', code)
    .where('registrations.status', '=', 'confirmed')
    .executeTakeFirst();
  if (!row) return undefined;
  const { event_id: editionId, is_current, ...ticket } = row;
  const event = await settingsOf(editionId);
  return (
    event && {
      ticket: ticketSchema.parse({ ...ticket, event }),
      event,
      currentEdition: Number(is_current) === 1,
    }
  );
}
