import { describe, expect, it } from 'vitest';
import type { Delivery } from '@shared/message.schema.ts';
import type { Registration } from '@shared/registration.schema.ts';
import { servedRegistration } from '#test/builders/registrations.ts';
import { countViews, filterByView, hasFailure, ticketUndelivered } from './registration-views.ts';

function row(status: Registration['status'], delivery: Delivery = {}) {
  return servedRegistration({ status, delivery });
}

const refused = { code: 'smtp_550', message: 'O servidor de e-mail recusou a mensagem (550).' };
const both = ['email', 'whatsapp'] as const;

describe('ticketUndelivered', () => {
  it('holds a confirmed registration whose ticket reached no channel yet', () => {
    const queued = row('confirmed', {
      email: { kind: 'ticket', status: 'queued', error: null },
      whatsapp: { kind: 'ticket', status: 'sent', error: null },
    });
    expect(ticketUndelivered(queued, both)).toBe(true);
  });

  it('lets go once one channel delivered it: an e-mail when sent, WhatsApp when delivered or read', () => {
    const mailed = row('confirmed', {
      email: { kind: 'ticket', status: 'sent', error: null },
      whatsapp: { kind: 'ticket', status: 'failed', error: refused },
    });
    const read = row('confirmed', {
      email: { kind: 'ticket', status: 'failed', error: refused },
      whatsapp: { kind: 'ticket', status: 'read', error: null },
    });
    expect(ticketUndelivered(mailed, both)).toBe(false);
    expect(ticketUndelivered(read, both)).toBe(false);
    // WhatsApp 'sent' is only Meta having taken it.
    expect(
      ticketUndelivered(
        row('confirmed', { whatsapp: { kind: 'ticket', status: 'sent', error: null } }),
        ['whatsapp'],
      ),
    ).toBe(true);
  });

  it('counts only the channels that send, and only the ticket', () => {
    const mailedOnly = row('confirmed', {
      email: { kind: 'ticket', status: 'sent', error: null },
    });
    expect(ticketUndelivered(mailedOnly, ['whatsapp'])).toBe(true);
    // A receipt sent again after the confirmation is not the ticket.
    const receipt = row('confirmed', { email: { kind: 'received', status: 'sent', error: null } });
    expect(ticketUndelivered(receipt, ['email'])).toBe(true);
    // Confirmed before any channel was configured, and none is: nothing to wait for.
    expect(ticketUndelivered(row('confirmed'), [])).toBe(false);
    expect(ticketUndelivered(row('pending'), both)).toBe(false);
  });
});

describe('hasFailure', () => {
  it("holds when any channel's newest message failed", () => {
    expect(
      hasFailure(row('pending', { email: { kind: 'received', status: 'failed', error: refused } })),
    ).toBe(true);
    expect(
      hasFailure(row('confirmed', { email: { kind: 'ticket', status: 'read', error: null } })),
    ).toBe(false);
    expect(hasFailure(row('pending'))).toBe(false);
  });
});

describe('filterByView and countViews', () => {
  const pending = row('pending');
  const failed = row('confirmed', { email: { kind: 'ticket', status: 'failed', error: refused } });
  const delivered = row('confirmed', {
    email: { kind: 'ticket', status: 'sent', error: null },
  });
  const list = [pending, failed, delivered];

  it('keeps the order and gives the same array for every registration', () => {
    expect(filterByView(list, 'all', ['email'])).toBe(list);
    expect(filterByView(list, 'pending', ['email'])).toEqual([pending]);
    expect(filterByView(list, 'confirmed', ['email'])).toEqual([failed, delivered]);
    expect(filterByView(list, 'undelivered', ['email'])).toEqual([failed]);
    expect(filterByView(list, 'failed', ['email'])).toEqual([failed]);
  });

  it('counts every view in one pass', () => {
    expect(countViews(list, ['email'])).toEqual({
      all: 3,
      pending: 1,
      confirmed: 2,
      waitlisted: 0,
      cancelled: 0,
      undelivered: 1,
      failed: 1,
    });
  });
});
