// What happened at the event, from the registrations the panel already holds (issue 19, point 6):
// who came, who was confirmed and never checked in, who cancelled, the arrivals per 15 minutes and
// the registrations per day, both on the clocks of the event's own time zone. Only the entries made
// within the event's window of attendance count (decision 0212). Pure functions: the 'Resultados'
// screen and its charts only show what these return.
import { tzOffset } from '@date-fns/tz';
import {
  attendanceWindow,
  countsAsAttendance,
  type AttendanceEvent,
} from '@shared/attendance-window.ts';
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

const minute = 60_000;
export const slotMinutes = 15;
const slotMs = slotMinutes * minute;
const dayMs = 24 * 60 * minute;
/** A longer quiet spell between two arrivals on different days is not drawn as empty quarters. */
const bridgedAcrossDays = 6 * 60 * minute;

/**
 * The event's wall clock for any instant, as the milliseconds since 1970 that a UTC clock showing
 * the same day and time would read. The zone's offset is asked of Intl twice per UTC day (its
 * first and last instant: the same offset, it holds all day), and per quarter hour on a day it
 * changes (an offset is a whole number of quarter hours and changes at a quarter hour, in every
 * zone for the years events are held, 2000-2099). Asked for each registration, 10,000 of them made
 * every check-in at the door freeze an open 'Resultados' screen (60,000 Intl calls, a few hundred
 * milliseconds). Decision 0172.
 */
function wallClock(timeZone: string): (at: number) => number {
  const offsets = new Map<number, number>();
  const offsetAt = (at: number) => tzOffset(timeZone, new Date(at));
  function offsetOf(at: number): number {
    const day = Math.floor(at / dayMs);
    let offset = offsets.get(day);
    if (offset === undefined) {
      const first = offsetAt(day * dayMs);
      offset = first === offsetAt((day + 1) * dayMs - 1) ? first : NaN;
      offsets.set(day, offset);
    }
    if (!Number.isNaN(offset)) return offset;
    // The day of a change: by the quarter hour (negative keys: they are not days).
    const quarter = -1 - Math.floor(at / slotMs);
    offset = offsets.get(quarter);
    if (offset === undefined) {
      offset = offsetAt(at);
      offsets.set(quarter, offset);
    }
    return offset;
  }
  return (at) => at + offsetOf(at) * minute;
}

/** The day of a wall-clock time (wallClock's), counted from 1970-01-01. */
function dayNumber(local: number): number {
  return Math.floor(local / dayMs);
}

/** 'YYYY-MM-DD' of a wall-clock time (wallClock's) or of a day number. */
function dayOf(local: number): string {
  return new Date(local).toISOString().slice(0, 10);
}

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

/** '07:15' of a wall-clock time (wallClock's). */
function clock(local: number): string {
  return new Date(local).toISOString().slice(11, 16);
}

/**
 * Arrivals per 15 minutes on the event's clocks (slots start at :00, :15, :30 and :45 there, in
 * zones a half or three quarters of an hour off UTC too), oldest first. Between two arrivals on
 * the same day, or less than 6 hours apart (an evening past midnight), every slot is listed, the
 * empty ones with 0: a lull at the door shows. A longer gap across days is not bridged: a stray
 * check-in days later adds its own slot, not a week of zeros.
 */
export function arrivalsPerSlot(rows: readonly AttendanceRow[], timeZone: string): ArrivalSlot[] {
  const local = wallClock(timeZone);
  // Slot start (ms) → arrivals.
  const counts = new Map<number, number>();
  for (const row of rows) {
    if (!came(row)) continue;
    const at = Date.parse(row.checked_in_at!);
    if (Number.isNaN(at)) continue;
    // The offset is whole quarter hours: the local quarter starts with the UTC one.
    const start = at - (((local(at) % slotMs) + slotMs) % slotMs);
    counts.set(start, (counts.get(start) ?? 0) + 1);
  }
  const starts = [...counts.keys()].sort((a, b) => a - b);
  const result: ArrivalSlot[] = [];
  const push = (start: number, count: number) => {
    const from = local(start);
    result.push({
      start: new Date(start).toISOString(),
      day: dayOf(from),
      from: clock(from),
      to: clock(local(start + slotMs)),
      count,
    });
  };
  starts.forEach((start, i) => {
    push(start, counts.get(start)!);
    const next = starts[i + 1];
    if (next === undefined) return;
    const bridged = next - start <= bridgedAcrossDays || dayOf(local(start)) === dayOf(local(next));
    if (!bridged) return;
    for (let empty = start + slotMs; empty < next; empty += slotMs) push(empty, 0);
  });
  return result;
}

export interface DayCount {
  /** 'YYYY-MM-DD' on the event's clocks. */
  day: string;
  count: number;
}

export function registrationsPerDay(rows: readonly AttendanceRow[], timeZone: string): DayCount[] {
  const local = wallClock(timeZone);
  // Day number → registrations.
  const counts = new Map<number, number>();
  for (const row of rows) {
    const at = Date.parse(row.created_at);
    if (Number.isNaN(at)) continue;
    const day = dayNumber(local(at));
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  if (counts.size === 0) return [];
  const days = [...counts.keys()];
  const last = Math.max(...days);
  const result: DayCount[] = [];
  for (let day = Math.min(...days); day <= last; day += 1) {
    result.push({ day: dayOf(day * dayMs), count: counts.get(day) ?? 0 });
  }
  return result;
}

export interface Results {
  outcome: Outcome;
  arrivals: ArrivalSlot[];
  perDay: DayCount[];
  /** Entries made outside the event's window (a practice, a stray scan): shown, not counted. */
  outsideWindow: number;
}

/**
 * Everything the 'Resultados' figures show, on the event's clocks. An entry outside its window is
 * taken as no entry: that person, if confirmed, is a no-show.
 */
export function eventResults(rows: readonly AttendanceRow[], event: AttendanceEvent): Results {
  const window = attendanceWindow(event);
  let outsideWindow = 0;
  const counted = rows.map((row) => {
    if (row.checked_in_at === null || countsAsAttendance(row.checked_in_at, window)) return row;
    if (!isCancelled(row.status)) outsideWindow += 1;
    return { ...row, checked_in_at: null };
  });
  return {
    outcome: attendanceOutcome(counted),
    arrivals: arrivalsPerSlot(counted, event.timeZone),
    perDay: registrationsPerDay(rows, event.timeZone),
    outsideWindow,
  };
}
