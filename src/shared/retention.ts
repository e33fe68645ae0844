// When registrations are erased: `retentionDays` after the event starts, or after the
// registration was made when that comes later (a site still running after its event never erases
// a registration made today). The server's retention job and the admin panel both read it here.
import type { EventConfig } from './event.ts';

const dayMs = 24 * 60 * 60_000;

/** Milliseconds the time zone is ahead of UTC at the instant `at`. */
function zoneOffsetMs(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  const wallClock = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wallClock - Math.floor(at / 1000) * 1000;
}

/** The instant the event starts: its date and time on the clocks of its time zone. */
export function eventStartsAt(event: Pick<EventConfig, 'date' | 'time' | 'timeZone'>): Date {
  const [year, month, day] = event.date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = event.time.split(':').map(Number) as [number, number];
  const wallClock = Date.UTC(year, month - 1, day, hours, minutes);
  // The offset at the guess, then at the result: right on both sides of a clock change.
  const first = wallClock - zoneOffsetMs(wallClock, event.timeZone);
  return new Date(wallClock - zoneOffsetMs(first, event.timeZone));
}

type RetentionEvent = Pick<EventConfig, 'date' | 'time' | 'timeZone' | 'retentionDays'>;

/** From this instant on, registrations made before the event are erased. */
export function eventErasureAt(event: RetentionEvent): Date {
  return new Date(eventStartsAt(event).getTime() + event.retentionDays * dayMs);
}

/** When the registration made at `createdAt` (ISO) is erased. */
export function erasureAt(event: RetentionEvent, createdAt: string): Date {
  return new Date(
    Math.max(eventErasureAt(event).getTime(), Date.parse(createdAt) + event.retentionDays * dayMs),
  );
}

/**
 * At `now`: registrations made up to this instant (ISO) are due for erasure, or undefined while
 * the event's own retention has not ended (none is due yet).
 */
export function erasableUpTo(event: RetentionEvent, now: Date): string | undefined {
  if (now.getTime() < eventErasureAt(event).getTime()) return undefined;
  return new Date(now.getTime() - event.retentionDays * dayMs).toISOString();
}
