// The panel's filters ('Pendentes', 'Com falha'…) as pure functions over the rows it already holds:
// each row carries its channels' newest message, so no filter asks the server anything
// (docs/decisions/0095-panel-delivery-states-and-bulk-actions.md).
import {
  messageChannels,
  type DeliveryState,
  type MessageChannel,
} from '@shared/message.schema.ts';
import type { Registration } from '@shared/registration.schema.ts';

export const listViews = [
  'all',
  'pending',
  'confirmed',
  'waitlisted',
  'cancelled',
  'undelivered',
  'failed',
] as const;
export type ListView = (typeof listViews)[number];

/** The views about messages: offered only while some channel sends by itself. */
export const deliveryViews: ReadonlySet<ListView> = new Set(['undelivered', 'failed']);

type Row = Pick<Registration, 'status' | 'delivery'>;

/**
 * The ticket reached the person on this channel: WhatsApp reports 'delivered' and 'read'; an
 * e-mail's furthest known state is 'sent' (the mail server took it; SMTP reports nothing after).
 */
export function ticketArrived(channel: MessageChannel, state: DeliveryState | undefined): boolean {
  if (!state || state.kind !== 'ticket') return false;
  if (channel === 'email') return ['sent', 'delivered', 'read'].includes(state.status);
  return state.status === 'delivered' || state.status === 'read';
}

/** Confirmed, and the ticket has reached the person on none of the channels that send. */
export function ticketUndelivered(row: Row, channels: readonly MessageChannel[]): boolean {
  return (
    row.status === 'confirmed' &&
    channels.length > 0 &&
    !channels.some((channel) => ticketArrived(channel, row.delivery[channel]))
  );
}

/** Some channel's newest message failed. */
export function hasFailure(row: Row): boolean {
  return messageChannels.some((channel) => row.delivery[channel]?.status === 'failed');
}

export function inView(row: Row, view: ListView, channels: readonly MessageChannel[]): boolean {
  switch (view) {
    case 'all':
      return true;
    case 'pending':
      return row.status === 'pending';
    case 'confirmed':
      return row.status === 'confirmed';
    case 'waitlisted':
      return row.status === 'waitlisted';
    case 'cancelled':
      return row.status === 'cancelled';
    case 'undelivered':
      return ticketUndelivered(row, channels);
    case 'failed':
      return hasFailure(row);
  }
}

/** The rows in this view, in their order; the same array for 'all'. */
export function filterByView<T extends Row>(
  list: readonly T[],
  view: ListView,
  channels: readonly MessageChannel[],
): T[] {
  if (view === 'all') return list as T[];
  return list.filter((row) => inView(row, view, channels));
}

/** How many rows each view holds, in one pass. */
export function countViews(
  list: readonly Row[],
  channels: readonly MessageChannel[],
): Record<ListView, number> {
  const counts: Record<ListView, number> = {
    all: list.length,
    pending: 0,
    confirmed: 0,
    waitlisted: 0,
    cancelled: 0,
    undelivered: 0,
    failed: 0,
  };
  for (const row of list) {
    counts[row.status] += 1;
    if (ticketUndelivered(row, channels)) counts.undelivered += 1;
    if (hasFailure(row)) counts.failed += 1;
  }
  return counts;
}
