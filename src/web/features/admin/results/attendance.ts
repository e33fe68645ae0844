// What happened at the event, from the registrations the panel already holds (issue 19, point 6):
// who came, who was confirmed and never checked in, who cancelled, the arrivals per 15 minutes and
// the registrations per day, both on the clocks of the event's own time zone. Pure functions:
// the 'Resultados' screen and its charts only show what these return.
import { TZDate } from '@date-fns/tz';
import type { Registration } from '@shared/registration.schema.ts';

export type AttendanceRow = Pick<Registration, 'status' | 'created_at' | 'checked_in_at'>;

/** A registration the person or the organizer cancelled (decision 0130). */
export function isCancelled(status: AttendanceRow['status']): boolean {
  return status === 'cancelled';
}

/** Came: checked in at the door (and not cancelled since). */
function came(row: AttendanceRow): boolean {
  return row.checked_in_at !== null && !isCancelled(row.status);
}

export interface Outcome {
  /** Every registration of the edition. */
  total: number;
  /** Checked in at the door. */
  came: number;
  /** Confirmed, and never checked in. */
  noShows: number;
  /** Cancelled by the person or the organizer. */
  cancelled: number;
  /** Never confirmed: still pending, or on the waiting list. */
  unconfirmed: number;
}

/** The edition's registrations by what became of them; each counted once. */
export function attendanceOutcome(rows: readonly AttendanceRow[]): Outcome {
  const outcome: Outcome = {
    total: rows.length,
    came: 0,
    noShows: 0,
    cancelled: 0,
    unconfirmed: 0,
  };
  for (const row of rows) {
    if (isCancelled(row.status)) outcome.cancelled += 1;
    else if (row.checked_in_at !== null) outcome.came += 1;
    else if (row.status === 'confirmed') outcome.noShows += 1;
    else outcome.unconfirmed += 1;
  }
  return outcome;
}

/** A calendar day on the event's clocks: 'YYYY-MM-DD'. */
function dayOf(date: TZDate): string {
  return [date.getFullYear(), date.getMonth() + 1, date.getDate()]
    .map((part, i) => String(part).padStart(i === 0 ? 4 : 2, '0'))
    .join('-');
}

const minute = 60_000;
export const slotMinutes = 15;

export interface ArrivalSlot {
  /** The slot's first instant (ISO 8601 UTC). */
  start: string;
  /** Its day on the event's clocks ('YYYY-MM-DD'). */
  day: string;
  /** Its start and end on the event's clocks: '07:15', '07:30'. */
  from: string;
  to: string;
  count: number;
}

function clock(date: TZDate): string {
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/**
 * Arrivals per 15 minutes on the event's clocks (slots start at :00, :15, :30 and :45 there, in
 * zones a half or three quarters of an hour off UTC too), oldest first. Within a day, every slot
 * from the first arrival's to the last one's is listed, the empty ones with 0: a lull at the door
 * shows. Days are not bridged: a stray check-in days later adds its own slot, not a week of zeros.
 */
export function arrivalsPerSlot(rows: readonly AttendanceRow[], timeZone: string): ArrivalSlot[] {
  // Slot start (ms) → arrivals, per day.
  const days = new Map<string, Map<number, number>>();
  for (const row of rows) {
    if (!came(row)) continue;
    const at = Date.parse(row.checked_in_at!);
    if (Number.isNaN(at)) continue;
    const local = new TZDate(at, timeZone);
    const start =
      at -
      ((local.getMinutes() % slotMinutes) * minute +
        local.getSeconds() * 1000 +
        local.getMilliseconds());
    const day = dayOf(new TZDate(start, timeZone));
    const slots = days.get(day) ?? new Map<number, number>();
    days.set(day, slots);
    slots.set(start, (slots.get(start) ?? 0) + 1);
  }
  const result: ArrivalSlot[] = [];
  for (const day of [...days.keys()].sort()) {
    const slots = days.get(day)!;
    const starts = [...slots.keys()];
    const last = Math.max(...starts);
    for (let start = Math.min(...starts); start <= last; start += slotMinutes * minute) {
      result.push({
        start: new Date(start).toISOString(),
        day,
        from: clock(new TZDate(start, timeZone)),
        to: clock(new TZDate(start + slotMinutes * minute, timeZone)),
        count: slots.get(start) ?? 0,
      });
    }
  }
  return result;
}

export interface DayCount {
  /** 'YYYY-MM-DD' on the event's clocks. */
  day: string;
  count: number;
}

/** The day after `day` ('YYYY-MM-DD'), by the calendar alone. */
function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/**
 * Registrations per day on the event's clocks, from the first registration's day to the last
 * one's, days without any listed with 0. Every registration counts, the cancelled ones too: they
 * registered on that day.
 */
export function registrationsPerDay(rows: readonly AttendanceRow[], timeZone: string): DayCount[] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const at = Date.parse(row.created_at);
    if (Number.isNaN(at)) continue;
    const day = dayOf(new TZDate(at, timeZone));
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  if (counts.size === 0) return [];
  const days = [...counts.keys()].sort();
  const last = days.at(-1)!;
  const result: DayCount[] = [];
  for (let day = days[0]!; day <= last; day = nextDay(day)) {
    result.push({ day, count: counts.get(day) ?? 0 });
  }
  return result;
}

export interface Results {
  outcome: Outcome;
  arrivals: ArrivalSlot[];
  perDay: DayCount[];
}

/** Everything the 'Resultados' figures show, on the clocks of `timeZone`. */
export function eventResults(rows: readonly AttendanceRow[], timeZone: string): Results {
  return {
    outcome: attendanceOutcome(rows),
    arrivals: arrivalsPerSlot(rows, timeZone),
    perDay: registrationsPerDay(rows, timeZone),
  };
}
