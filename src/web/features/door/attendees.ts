// The door's attendee list as pure functions: live changes applied by id, lookups by ticket code
// and id, and the counters at the top of the screen.
import { attendeeChangeSchema, type Attendee, type AttendeeChange } from '@shared/door.schema.ts';
import { parseJsonAs } from '@/lib/parse-json.ts';

export type { Attendee, AttendeeChange };

/** The list after one change; the same array when nothing changed. */
export function applyAttendeeChange(list: readonly Attendee[], change: AttendeeChange): Attendee[] {
  const id = change.type === 'upserted' ? change.attendee.id : change.id;
  const index = list.findIndex((a) => a.id === id);
  if (change.type === 'removed') {
    return index === -1
      ? (list as Attendee[])
      : [...list.slice(0, index), ...list.slice(index + 1)];
  }
  const next = [...list];
  next[index === -1 ? next.length : index] = change.attendee;
  return next;
}

/** Reads a `change` message's data; null for anything that is not a change we know. */
export function parseAttendeeChange(data: string): AttendeeChange | null {
  return parseJsonAs(attendeeChangeSchema, data);
}

export interface AttendeeIndex {
  byCode: ReadonlyMap<string, Attendee>;
  byId: ReadonlyMap<string, Attendee>;
}

export function indexAttendees(list: readonly Attendee[]): AttendeeIndex {
  const byCode = new Map<string, Attendee>();
  const byId = new Map<string, Attendee>();
  for (const attendee of list) {
    // Only a confirmed person holds a ticket here: any other code read is no ticket of today's.
    if (attendee.ticket_code) byCode.set(attendee.ticket_code, attendee);
    byId.set(attendee.id, attendee);
  }
  return { byCode, byId };
}

export interface DoorCounts {
  confirmed: number;
  checkedIn: number;
}

export function countAttendees(list: readonly Attendee[]): DoorCounts {
  let confirmed = 0;
  let checkedIn = 0;
  for (const attendee of list) {
    if (attendee.status !== 'confirmed') continue;
    confirmed += 1;
    if (attendee.checked_in_at) checkedIn += 1;
  }
  return { confirmed, checkedIn };
}
