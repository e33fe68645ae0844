// The instant the event starts: its date and time are wall-clock time on the clocks of its own
// time zone, turned into an instant by @date-fns/tz (daylight saving included). The retention
// rule (retention.ts) and the calendar entries (the ticket page's) both count from it.
import { TZDate } from '@date-fns/tz';
import type { EventSettings } from './event-settings.schema.ts';

/** When it ends: its start and its duration. */
export function eventEndsAt(
  event: Pick<EventSettings, 'date' | 'time' | 'timeZone' | 'durationMinutes'>,
): Date {
  return new Date(eventStartsAt(event).getTime() + event.durationMinutes * 60_000);
}

export function eventStartsAt(event: Pick<EventSettings, 'date' | 'time' | 'timeZone'>): Date {
  const [year, month, day] = event.date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = event.time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, day, hours, minutes, event.timeZone).getTime());
}
