import { describe, expect, it } from 'vitest';
import {
  arrivalsPerSlot,
  attendanceOutcome,
  isCancelled,
  registrationsPerDay,
  type AttendanceRow,
} from './attendance.ts';

type Status = AttendanceRow['status'];
// 'cancelled' and 'waitlisted' come with the seats branch; typed loosely until then.
const cancelled = 'cancelled' as Status;
const waitlisted = 'waitlisted' as Status;

function row(
  status: Status,
  checked_in_at: string | null = null,
  created_at = '2025-11-20T15:00:00.000Z',
): AttendanceRow {
  return { status, checked_in_at, created_at };
}

describe('what became of each registration', () => {
  it('counts who came, the no-shows (confirmed, never in), the cancelled and the unconfirmed once each', () => {
    const rows = [
      row('confirmed', '2025-12-06T12:31:00.000Z'),
      row('confirmed', '2025-12-06T12:40:00.000Z'),
      row('confirmed'),
      row('confirmed'),
      row('confirmed'),
      row('pending'),
      row(waitlisted),
      row(cancelled),
      // Let in, then cancelled (by mistake or afterwards): counted as cancelled only.
      row(cancelled, '2025-12-06T12:45:00.000Z'),
    ];
    expect(attendanceOutcome(rows)).toEqual({
      total: 9,
      came: 2,
      noShows: 3,
      cancelled: 2,
      unconfirmed: 2,
    });
    expect(attendanceOutcome([])).toEqual({
      total: 0,
      came: 0,
      noShows: 0,
      cancelled: 0,
      unconfirmed: 0,
    });
  });

  it('knows the cancelled status by its name alone', () => {
    expect(isCancelled(cancelled)).toBe(true);
    expect(isCancelled('confirmed')).toBe(false);
    expect(isCancelled('pending')).toBe(false);
  });
});

describe('arrivals per 15 minutes', () => {
  const newYork = 'America/New_York';

  it('puts each check-in in its quarter hour on the event’s clocks, the empty ones between with 0', () => {
    const rows = [
      // 07:02, 07:14:59.999 and 07:15 in New York (UTC−5 in December).
      row('confirmed', '2025-12-06T12:02:00.000Z'),
      row('confirmed', '2025-12-06T12:14:59.999Z'),
      row('confirmed', '2025-12-06T12:15:00.000Z'),
      // 07:50, after an empty 07:30–07:45.
      row('confirmed', '2025-12-06T12:50:00.000Z'),
      row('confirmed'),
      row('pending'),
      row(cancelled, '2025-12-06T12:20:00.000Z'),
    ];
    expect(arrivalsPerSlot(rows, newYork)).toEqual([
      {
        start: '2025-12-06T12:00:00.000Z',
        day: '2025-12-06',
        from: '07:00',
        to: '07:15',
        count: 2,
      },
      {
        start: '2025-12-06T12:15:00.000Z',
        day: '2025-12-06',
        from: '07:15',
        to: '07:30',
        count: 1,
      },
      {
        start: '2025-12-06T12:30:00.000Z',
        day: '2025-12-06',
        from: '07:30',
        to: '07:45',
        count: 0,
      },
      {
        start: '2025-12-06T12:45:00.000Z',
        day: '2025-12-06',
        from: '07:45',
        to: '08:00',
        count: 1,
      },
    ]);
    expect(arrivalsPerSlot([row('confirmed'), row('pending')], newYork)).toEqual([]);
  });

  it('starts the quarters on the local clock in a zone 45 minutes off the hour', () => {
    // Kathmandu is UTC+5:45: 01:20 UTC is 07:05 there, in the 07:00–07:15 slot.
    expect(
      arrivalsPerSlot([row('confirmed', '2025-12-06T01:20:00.000Z')], 'Asia/Kathmandu'),
    ).toEqual([
      {
        start: '2025-12-06T01:15:00.000Z',
        day: '2025-12-06',
        from: '07:00',
        to: '07:15',
        count: 1,
      },
    ]);
  });

  it('does not bridge days: a check-in the next day is a slot of its own', () => {
    const slots = arrivalsPerSlot(
      [row('confirmed', '2025-12-06T12:05:00.000Z'), row('confirmed', '2025-12-07T14:40:00.000Z')],
      newYork,
    );
    expect(slots.map(({ day, from, count }) => [day, from, count])).toEqual([
      ['2025-12-06', '07:00', 1],
      ['2025-12-07', '09:30', 1],
    ]);
  });

  it('takes the day on the event’s clocks, not UTC’s', () => {
    // 23:50 on 5 December in New York is already the 6th in UTC.
    const [slot] = arrivalsPerSlot([row('confirmed', '2025-12-06T04:50:00.000Z')], newYork);
    expect(slot).toMatchObject({ day: '2025-12-05', from: '23:45', to: '00:00' });
  });
});

describe('registrations per day', () => {
  it('counts each day on the event’s clocks, every registration included, empty days with 0', () => {
    const saoPaulo = 'America/Sao_Paulo';
    const rows = [
      // 1 December, 22:30 in São Paulo (UTC−3): already the 2nd in UTC.
      row('confirmed', null, '2025-12-02T01:30:00.000Z'),
      row('pending', null, '2025-12-01T12:00:00.000Z'),
      row(cancelled, null, '2025-12-03T12:00:00.000Z'),
      row('confirmed', '2025-12-06T12:00:00.000Z', '2025-12-03T23:00:00.000Z'),
      // 4 December, 00:10 in São Paulo.
      row('confirmed', null, '2025-12-04T03:10:00.000Z'),
    ];
    expect(registrationsPerDay(rows, saoPaulo)).toEqual([
      { day: '2025-12-01', count: 2 },
      { day: '2025-12-02', count: 0 },
      { day: '2025-12-03', count: 2 },
      { day: '2025-12-04', count: 1 },
    ]);
    expect(registrationsPerDay([], saoPaulo)).toEqual([]);
  });

  it('crosses months and years by the calendar', () => {
    const days = registrationsPerDay(
      [
        row('pending', null, '2025-12-30T15:00:00.000Z'),
        row('pending', null, '2026-01-02T15:00:00.000Z'),
      ],
      'UTC',
    );
    expect(days.map((d) => d.day)).toEqual([
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
    ]);
  });
});
