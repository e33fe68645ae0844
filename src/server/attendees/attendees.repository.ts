// A person by their own page's token (decision 0130): what their page shows, never a phone or an
// e-mail, with the settings of their own edition.
import type { FastifyInstance } from 'fastify';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { eventEndsAt } from '../../shared/event-start.ts';
import { attendeeCertificate, ticketPage, withCode } from '../../shared/paths.ts';
import type { Registration } from '../../shared/registration.schema.ts';
import type { AttendeeLock } from '../../shared/rendered-page.ts';
import { issuedCertificateOf } from '../certificates/certificate-reads.repository.ts';
import { waitlistPosition } from '../registrations/waitlist-position.repository.ts';

export interface FoundAttendee {
  event: EventSettings;
  name: string;
  status: Registration['status'];
  rsvp: Registration['rsvp'];
  position: number | null;
  ticketPath: string | null;
  certificatePath: string | null;
  locked: AttendeeLock | null;
}

/**
 * Why this person can no longer cancel: once their event is over, a cancellation would only hand
 * their seat to the waiting list's first as a ticket for a day gone by; once let in, they came.
 */
function lockOf(
  row: { is_current: number; checked_in_at: string | null },
  event: EventSettings,
  now: Date,
): AttendeeLock | null {
  if (Number(row.is_current) !== 1) return 'past_edition';
  if (eventEndsAt(event).getTime() <= now.getTime()) return 'event_over';
  if (row.checked_in_at !== null) return 'checked_in';
  return null;
}

/** Undefined for a token no registration holds. */
export async function findAttendee(
  app: FastifyInstance,
  token: string,
): Promise<FoundAttendee | undefined> {
  const db = app.db.kysely;
  const row = await db
    .selectFrom('registrations')
    .innerJoin('events', 'events.id', 'registrations.event_id')
    .select([
      'registrations.id',
      'registrations.nome_completo',
      'registrations.status',
      'registrations.rsvp',
      'registrations.ticket_code',
      'registrations.created_at',
      'registrations.event_id',
      'registrations.checked_in_at',
      'events.is_current',
    ])
    .where('registrations.personal_token', '=', token)
    .executeTakeFirst();
  if (!row) return undefined;
  const event = await app.editions.settingsOf(row.event_id);
  if (!event) return undefined;
  const position = row.status === 'waitlisted' ? await waitlistPosition(db, row) : null;
  const certificate = await issuedCertificateOf(db, row.id);
  return {
    event,
    name: row.nome_completo,
    status: row.status,
    rsvp: row.rsvp,
    position,
    ticketPath:
      row.status === 'confirmed' && row.ticket_code ? withCode(ticketPage, row.ticket_code) : null,
    certificatePath: certificate ? withCode(attendeeCertificate, token) : null,
    locked: lockOf(row, event, new Date()),
  };
}
