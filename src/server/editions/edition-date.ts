// A new edition must start after now, on its own clocks: its date and start time are wall-clock
// time in the event's time zone (an event at 23:30 in São Paulo is 02:30 the next day in UTC).
// A past date is most often a year mistyped; once current, it would turn the registrations of
// now read-only, and the retention job would count from it (decision 0163).
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { eventStartsAt } from '../../shared/event-start.ts';

/** What the API says at the date of a new edition that would start in the past. */
export function pastEditionDateMessage(timeZone: string): string {
  return `Essa data e horário já passaram no fuso horário do evento (${timeZone}): escolha uma data futura para a nova edição.`;
}

/** Whether an edition with these settings has already started at `now`. */
export function startsInThePast(
  settings: Pick<EventSettings, 'date' | 'time' | 'timeZone'>,
  now = new Date(),
): boolean {
  return eventStartsAt(settings).getTime() <= now.getTime();
}
