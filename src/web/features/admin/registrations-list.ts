// The panel's list as pure functions: newest first (created_at, then id, like the server),
// live changes applied in place without duplicates.
import { registrationChangeSchema, type RegistrationChange } from '@shared/live-change.schema.ts';
import { messageChannels } from '@shared/message.schema.ts';
import type { Registration } from '@shared/registration.schema.ts';
import { parseJsonAs } from '@/lib/parse-json.ts';

export type { RegistrationChange };

/** Negative when `a` comes first (is newer). */
export function compareNewestFirst(
  a: Pick<Registration, 'created_at' | 'id'>,
  b: Pick<Registration, 'created_at' | 'id'>,
): number {
  const byTime = Date.parse(b.created_at) - Date.parse(a.created_at);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export function sortNewestFirst(registrations: readonly Registration[]): Registration[] {
  return [...registrations].sort(compareNewestFirst);
}

/** Where `registration` goes in a newest-first list (binary search). */
function insertionIndex(list: readonly Registration[], registration: Registration): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareNewestFirst(list[middle]!, registration) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Inserts, or replaces the row with the same id; the list stays newest first. */
export function upsert(list: readonly Registration[], registration: Registration): Registration[] {
  const existing = list.findIndex((r) => r.id === registration.id);
  if (existing !== -1) {
    const current = list[existing]!;
    if (current.created_at === registration.created_at) {
      const next = [...list];
      next[existing] = registration;
      return next;
    }
    list = list.filter((r) => r.id !== registration.id);
  }
  const index = insertionIndex(list, registration);
  return [...list.slice(0, index), registration, ...list.slice(index)];
}

export function remove(list: readonly Registration[], id: string): Registration[] {
  const index = list.findIndex((r) => r.id === id);
  if (index === -1) return list as Registration[];
  return [...list.slice(0, index), ...list.slice(index + 1)];
}

/** The list after one change; the same array when nothing changed. */
export function applyChange(
  list: readonly Registration[],
  change: RegistrationChange,
): Registration[] {
  switch (change.type) {
    case 'created': {
      // A row we already have (from a reload or our own action) is not added twice.
      if (list.some((r) => r.id === change.registration.id)) return list as Registration[];
      return upsert(list, change.registration);
    }
    case 'updated':
      return upsert(list, change.registration);
    case 'deleted':
      return remove(list, change.id);
  }
}

/** Reads a `change` message's data; null for anything that is not a change we know. */
export function parseChange(data: string): RegistrationChange | null {
  return parseJsonAs(registrationChangeSchema, data);
}

export interface RegistrationCounts {
  total: number;
  confirmed: number;
  pending: number;
  /** On the waiting list (decision 0130). */
  waitlisted: number;
  cancelled: number;
  /** The event's seats; null: no limit. */
  capacity: number | null;
  /** People whose ticket went out by a channel that sends (e-mail, WhatsApp): issue 31.10. */
  ticketsSent: number;
  /** People whose ticket the organizer opened in WhatsApp (wa.me): not known to be sent. */
  ticketsOpened: number;
  /** People who came in (event day). */
  checkedIn: number;
}

export function countRegistrations(
  list: readonly Registration[],
  capacity: number | null = null,
): RegistrationCounts {
  const byStatus = { pending: 0, confirmed: 0, waitlisted: 0, cancelled: 0 };
  let ticketsSent = 0;
  let ticketsOpened = 0;
  let checkedIn = 0;
  for (const r of list) {
    byStatus[r.status] += 1;
    if (ticketSent(r)) ticketsSent += 1;
    if (r.ticket_sent_at) ticketsOpened += 1;
    if (r.checked_in_at) checkedIn += 1;
  }
  return { total: list.length, ...byStatus, capacity, ticketsSent, ticketsOpened, checkedIn };
}

/** A channel's newest message is the ticket and its provider took it (or told of more since). */
export function ticketSent(row: Pick<Registration, 'delivery'>): boolean {
  return messageChannels.some((channel) => {
    const state = row.delivery[channel];
    return state?.kind === 'ticket' && ['sent', 'delivered', 'read'].includes(state.status);
  });
}
