// When registrations are erased: `retentionDays` after the event ends (its start and its
// duration: an event of three days kept one day is not erased on its second), or after the
// registration was made when that comes later (a site still running after its event never erases
// a registration made today). The server's retention job and the admin panel both read it here.
import { eventEndsAt } from './event-start.ts';
import type { EventSettings } from './event-settings.schema.ts';

const dayMs = 24 * 60 * 60_000;

type RetentionEvent = Pick<
  EventSettings,
  'date' | 'time' | 'timeZone' | 'durationMinutes' | 'retentionDays'
>;

/** From this instant on, registrations made before the event are erased. */
export function eventErasureAt(event: RetentionEvent): Date {
  return new Date(eventEndsAt(event).getTime() + event.retentionDays * dayMs);
}

/**
 * At `now`: registrations made up to this instant (ISO) are due for erasure, or undefined while
 * the event's own retention has not ended (none is due yet).
 */
export function erasableUpTo(event: RetentionEvent, now: Date): string | undefined {
  if (now.getTime() < eventErasureAt(event).getTime()) return undefined;
  return new Date(now.getTime() - event.retentionDays * dayMs).toISOString();
}
