// When a door entry counts as attendance: from 12 h before the event starts to 12 h after it ends
// (decision 0212). Door staff practising a month early, or a stray scan a week later, are entries
// (the card and the CSV show them) but not attendance: the door says so while it happens, and
// 'Resultados' and the certificates (issue 36) count only what falls inside. One rule, here.
import { eventEndsAt, eventStartsAt } from './event-start.ts';
import type { EventSettings } from './event-settings.schema.ts';

const margin = 12 * 60 * 60_000;

/** Its first and last instant (ISO 8601 UTC, as check-in times are stored: comparable as text). */
export interface AttendanceWindow {
  from: string;
  to: string;
}

export type AttendanceEvent = Pick<EventSettings, 'date' | 'time' | 'timeZone' | 'durationMinutes'>;

export function attendanceWindow(event: AttendanceEvent): AttendanceWindow {
  return {
    from: new Date(eventStartsAt(event).getTime() - margin).toISOString(),
    to: new Date(eventEndsAt(event).getTime() + margin).toISOString(),
  };
}

/** Whether an entry made at `checkedInAt` (ISO 8601) is attendance. */
export function countsAsAttendance(
  checkedInAt: string | null,
  window: AttendanceWindow,
): checkedInAt is string {
  if (checkedInAt === null) return false;
  const at = Date.parse(checkedInAt);
  return at >= Date.parse(window.from) && at <= Date.parse(window.to);
}

/** Where `now` is: entries made now count only 'during'. */
export function attendancePhase(
  window: AttendanceWindow,
  now: number,
): 'before' | 'during' | 'after' {
  if (now < Date.parse(window.from)) return 'before';
  return now > Date.parse(window.to) ? 'after' : 'during';
}

/** '20/03': the event's date as written (a calendar date on its own clocks). */
export function eventDayMonth(event: Pick<EventSettings, 'date'>): string {
  const [, month, day] = event.date.split('-');
  return `${day}/${month}`;
}
