// A ticket by its code: the confirmed registration that holds it, read through the ticket's own
// shape (name, company, check-in; never a phone or an e-mail).
import type { Kysely } from 'kysely';
import type { EventConfig } from '../../shared/event.ts';
import { ticketSchema, type Ticket } from '../../shared/ticket.schema.ts';
import type { Database } from '../db/schema.ts';

/** Undefined for a code no registration holds (never given, or revoked with its registration). */
export async function findTicket(
  db: Kysely<Database>,
  code: string,
  event: EventConfig,
): Promise<Ticket | undefined> {
  const row = await db
    .selectFrom('registrations')
    .select(['nome_completo', 'nome_compania', 'ticket_code', 'checked_in_at'])
    .where('ticket_code', '=', code)
    .where('status', '=', 'confirmed')
    .executeTakeFirst();
  return row && ticketSchema.parse({ ...row, event });
}
