// When each reminder of an edition is due (issue 35.1, decision 0263): its hours before the
// event's start, the start being wall-clock time on the edition's own clocks (event-start.ts).
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { eventStartsAt } from '../../shared/event-start.ts';

export interface DueReminder {
  hoursBefore: number;
  dueAt: Date;
}

/**
 * The reminders due at `now` and not past the start, nearest to the start first: when several are
 * overdue (the servers were down), the nearest goes and the earlier ones are skipped (decision
 * 0263), so nobody gets two at once.
 */
export function dueReminders(
  event: Pick<EventSettings, 'date' | 'time' | 'timeZone' | 'reminders'>,
  now: Date,
): DueReminder[] {
  const start = eventStartsAt(event).getTime();
  if (now.getTime() >= start) return [];
  return event.reminders
    .map(({ hoursBefore }) => ({ hoursBefore, dueAt: new Date(start - hoursBefore * 3_600_000) }))
    .filter(({ dueAt }) => dueAt.getTime() <= now.getTime())
    .sort((a, b) => a.hoursBefore - b.hoursBefore);
}
