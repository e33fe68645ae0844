import { describe, expect, it } from 'vitest';
import type { DeliveryState } from '@shared/message.schema.ts';
import type { Registration } from '@shared/registration.schema.ts';
import { servedRegistration, validRegistration } from '#test/builders/registrations.ts';
import { adminTexts } from './admin-texts.ts';
import {
  applyChange,
  countRegistrations,
  parseChange,
  sortNewestFirst,
} from './registrations-list.ts';

function registration(id: string, createdAt: string, overrides: Partial<Registration> = {}) {
  return servedRegistration(
    { id, created_at: createdAt, ...overrides },
    validRegistration({ nome_completo: `Pessoa ${id}` }),
  );
}

const a = registration('a', '2025-11-20T10:00:00.000Z');
const b = registration('b', '2025-11-21T10:00:00.000Z');
const c = registration('c', '2025-11-22T10:00:00.000Z');
const ids = (list: readonly Registration[]) => list.map((r) => r.id);

describe('sortNewestFirst', () => {
  it('orders by created_at, newest first, then by id like the server', () => {
    const sameTimeX = registration('x', '2025-11-21T10:00:00.000Z');
    expect(ids(sortNewestFirst([a, b, sameTimeX, c]))).toEqual(['c', 'x', 'b', 'a']);
  });
});

describe('applyChange', () => {
  const list = [c, b, a];

  it('inserts a created registration at its place by created_at', () => {
    const newest = registration('d', '2025-11-23T10:00:00.000Z');
    const middle = registration('m', '2025-11-21T12:00:00.000Z');
    const oldest = registration('o', '2025-11-01T10:00:00.000Z');
    expect(ids(applyChange(list, { type: 'created', registration: newest }))).toEqual([
      'd',
      'c',
      'b',
      'a',
    ]);
    expect(ids(applyChange(list, { type: 'created', registration: middle }))).toEqual([
      'c',
      'm',
      'b',
      'a',
    ]);
    expect(ids(applyChange(list, { type: 'created', registration: oldest }))).toEqual([
      'c',
      'b',
      'a',
      'o',
    ]);
    expect(ids(applyChange([], { type: 'created', registration: newest }))).toEqual(['d']);
  });

  it('ignores a created registration it already has', () => {
    const again = applyChange(list, { type: 'created', registration: { ...b } });
    expect(again).toBe(list);
  });

  it('replaces an updated registration in place, keeping the other rows', () => {
    const confirmed = { ...b, status: 'confirmed' as const };
    const next = applyChange(list, { type: 'updated', registration: confirmed });
    expect(ids(next)).toEqual(['c', 'b', 'a']);
    expect(next[1]).toBe(confirmed);
    expect(next[0]).toBe(c);
    expect(next[2]).toBe(a);
    expect(list[1]).toBe(b);
  });

  it('adds an updated registration it did not have', () => {
    const missed = registration('m', '2025-11-21T12:00:00.000Z', { status: 'confirmed' });
    expect(ids(applyChange(list, { type: 'updated', registration: missed }))).toEqual([
      'c',
      'm',
      'b',
      'a',
    ]);
  });

  it('removes a deleted registration, and ignores an unknown id', () => {
    expect(ids(applyChange(list, { type: 'deleted', id: 'b' }))).toEqual(['c', 'a']);
    expect(applyChange(list, { type: 'deleted', id: 'nope' })).toBe(list);
  });

  it('replays changes onto a newer snapshot without duplicates', () => {
    const d = registration('d', '2025-11-23T10:00:00.000Z');
    const changes = [
      { type: 'created', registration: d },
      { type: 'updated', registration: { ...a, status: 'confirmed' } },
      { type: 'deleted', id: 'b' },
    ] as const;
    const snapshot = [d, c, b, a];
    const replayed = changes.reduce(applyChange, snapshot);
    expect(ids(replayed)).toEqual(['d', 'c', 'a']);
    expect(replayed[2]?.status).toBe('confirmed');
  });
});

describe('parseChange', () => {
  it('reads the three kinds of change', () => {
    expect(parseChange(JSON.stringify({ type: 'created', registration: a }))).toEqual({
      type: 'created',
      registration: a,
    });
    expect(parseChange(JSON.stringify({ type: 'updated', registration: a }))?.type).toBe('updated');
    expect(parseChange('{"type":"deleted","id":"a"}')).toEqual({ type: 'deleted', id: 'a' });
  });

  it('returns null for anything else', () => {
    for (const data of ['', 'oi', 'null', '[]', '{"type":"deleted"}', '{"type":"created"}']) {
      expect(parseChange(data)).toBeNull();
    }
    expect(parseChange(JSON.stringify({ type: 'other', registration: a }))).toBeNull();
  });
});

describe('counts and texts', () => {
  it('counts total, confirmed, pending, tickets sent and who came in', () => {
    expect(countRegistrations([a, { ...b, status: 'confirmed' }, c])).toEqual({
      total: 3,
      confirmed: 1,
      pending: 2,
      waitlisted: 0,
      cancelled: 0,
      capacity: null,
      ticketsSent: 0,
      ticketsOpened: 0,
      checkedIn: 0,
    });
    const ticket = (status: DeliveryState['status']) =>
      ({ kind: 'ticket', status, error: null }) as const;
    const byEmail = { status: 'confirmed', delivery: { email: ticket('sent') } } as const;
    const read = { status: 'confirmed', delivery: { whatsapp: ticket('read') } } as const;
    const inside = { checked_in_at: '2025-12-06T12:31:00.000Z', checked_in_by: 'p@x.com' };
    expect(countRegistrations([{ ...a, ...byEmail, ...inside }, { ...b, ...read }, c])).toEqual({
      total: 3,
      confirmed: 2,
      pending: 1,
      waitlisted: 0,
      cancelled: 0,
      capacity: null,
      ticketsSent: 2,
      ticketsOpened: 0,
      checkedIn: 1,
    });
  });

  it('counts a ticket sent by any channel, and a wa.me link opened apart (issue 31.10)', () => {
    const ticket = (status: DeliveryState['status']) =>
      ({ kind: 'ticket', status, error: null }) as const;
    const opened = { ticket_sent_at: '2025-11-22T12:00:00.000Z' };
    const list = [
      // WhatsApp's provider took it; the e-mail is still on its way.
      registration('w', '2025-11-20T10:00:00.000Z', {
        status: 'confirmed',
        delivery: { email: ticket('queued'), whatsapp: ticket('sent') },
      }),
      registration('d', '2025-11-20T11:00:00.000Z', {
        status: 'confirmed',
        delivery: { whatsapp: ticket('delivered') },
      }),
      // Queued, failed, or only the 'received' message: not sent.
      registration('q', '2025-11-20T12:00:00.000Z', {
        status: 'confirmed',
        delivery: { email: ticket('queued'), whatsapp: ticket('failed') },
      }),
      registration('r', '2025-11-20T13:00:00.000Z', {
        delivery: { email: { kind: 'received', status: 'sent', error: null } },
      }),
      // The organizer opened WhatsApp with the message: whether it went, no one knows.
      registration('o', '2025-11-20T14:00:00.000Z', { status: 'confirmed', ...opened }),
    ];
    const counts = countRegistrations(list);
    expect(counts).toMatchObject({ ticketsSent: 2, ticketsOpened: 1 });
    expect(adminTexts.header.counts(counts)).toBe(
      '5 inscrições · 4 confirmadas · 1 pendente · 2 ingressos enviados · 1 ingresso aberto no WhatsApp · 0 entraram',
    );
  });

  it('counts the waiting list and the cancelled, and the seats taken of the capacity', () => {
    const counts = countRegistrations(
      [
        { ...a, status: 'confirmed' },
        { ...b, status: 'waitlisted' },
        { ...c, status: 'cancelled' },
      ],
      50,
    );
    expect(counts).toMatchObject({ confirmed: 1, waitlisted: 1, cancelled: 1, capacity: 50 });
    expect(adminTexts.header.counts(counts)).toBe(
      '3 inscrições · 1/50 vagas ocupadas · 0 pendentes · 1 na lista de espera · 1 cancelada · 0 ingressos enviados · 0 entraram',
    );
  });

  it('writes the counts in pt-BR, singular and plural', () => {
    expect(adminTexts.list.label(0)).toBe('0 inscrições');
    expect(adminTexts.list.label(1)).toBe('1 inscrição');
    expect(adminTexts.list.label(10000)).toBe('10.000 inscrições');
    expect(adminTexts.csv.exportedDescription(1)).toBe('1 inscrição exportada.');
    expect(adminTexts.csv.exportedDescription(3)).toBe('3 inscrições exportadas.');
    expect(adminTexts.search.found(1)).toBe('1 inscrição encontrada');
    expect(adminTexts.search.found(2)).toBe('2 inscrições encontradas');
    expect(
      adminTexts.header.counts({
        total: 1,
        confirmed: 1,
        pending: 0,
        waitlisted: 0,
        cancelled: 0,
        capacity: null,
        ticketsSent: 1,
        ticketsOpened: 0,
        checkedIn: 1,
      }),
    ).toBe('1 inscrição · 1 confirmada · 0 pendentes · 1 ingresso enviado · 1 entrou');
  });
});
