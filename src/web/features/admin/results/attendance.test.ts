import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import {
  arrivalsPerSlot,
  attendanceOutcome,
  eventResults,
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

  it('shows the quiet quarters of an evening running past midnight, not two days side by side', () => {
    // São Paulo (UTC−3, no daylight saving since 2019): 23:10 on the 6th, then 00:40 on the 7th.
    const slots = arrivalsPerSlot(
      [row('confirmed', '2025-12-07T02:10:00.000Z'), row('confirmed', '2025-12-07T03:40:00.000Z')],
      'America/Sao_Paulo',
    );
    expect(slots.map(({ day, from, to, count }) => [day, from, to, count])).toEqual([
      ['2025-12-06', '23:00', '23:15', 1],
      ['2025-12-06', '23:15', '23:30', 0],
      ['2025-12-06', '23:30', '23:45', 0],
      ['2025-12-06', '23:45', '00:00', 0],
      ['2025-12-07', '00:00', '00:15', 0],
      ['2025-12-07', '00:15', '00:30', 0],
      ['2025-12-07', '00:30', '00:45', 1],
    ]);
  });

  it('bridges a gap across midnight only up to 6 hours', () => {
    // New York: 20:50 on the 6th, then 03:05 on the 7th: quarters 6 h 15 min apart.
    const slots = arrivalsPerSlot(
      [row('confirmed', '2025-12-07T01:50:00.000Z'), row('confirmed', '2025-12-07T08:05:00.000Z')],
      newYork,
    );
    expect(slots.map(({ day, from, count }) => [day, from, count])).toEqual([
      ['2025-12-06', '20:45', 1],
      ['2025-12-07', '03:00', 1],
    ]);
    // Quarters 6 hours apart (20:45 and 02:45): bridged.
    expect(
      arrivalsPerSlot(
        [
          row('confirmed', '2025-12-07T01:50:00.000Z'),
          row('confirmed', '2025-12-07T07:55:00.000Z'),
        ],
        newYork,
      ),
    ).toHaveLength(25);
  });

  it('takes the day on the event’s clocks, not UTC’s', () => {
    // 23:50 on 5 December in New York is already the 6th in UTC.
    const [slot] = arrivalsPerSlot([row('confirmed', '2025-12-06T04:50:00.000Z')], newYork);
    expect(slot).toMatchObject({ day: '2025-12-05', from: '23:45', to: '00:00' });
  });
});

describe('the event’s clocks', () => {
  // Days and quarters as @date-fns/tz reads them, instant by instant.
  function expected(at: number, timeZone: string) {
    const local = new TZDate(at, timeZone);
    const pad = (n: number) => String(n).padStart(2, '0');
    const day = `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
    return {
      day,
      quarter: `${pad(local.getHours())}:${pad(local.getMinutes() - (local.getMinutes() % 15))}`,
    };
  }

  it.each([
    // Around daylight saving's changes, zones 30 and 45 minutes off, Brazil with and without it.
    ['America/New_York', '2025-11-02T00:00:00.000Z'],
    ['America/New_York', '2025-03-09T00:00:00.000Z'],
    ['America/Sao_Paulo', '2018-11-03T18:00:00.000Z'],
    ['America/Sao_Paulo', '2019-02-16T18:00:00.000Z'],
    ['America/Noronha', '2025-12-06T00:00:00.000Z'],
    ['America/Manaus', '2025-12-06T00:00:00.000Z'],
    ['Australia/Lord_Howe', '2025-04-05T12:00:00.000Z'],
    ['Australia/Lord_Howe', '2025-10-04T12:00:00.000Z'],
    ['Pacific/Chatham', '2025-04-05T12:00:00.000Z'],
    ['Asia/Kolkata', '2025-12-06T00:00:00.000Z'],
  ])(
    'puts every instant in the day and quarter the zone’s clock reads (%s from %s)',
    (timeZone, from) => {
      const start = Date.parse(from);
      for (let at = start; at < start + 12 * 3_600_000; at += 7 * 60_000 + 13_000) {
        const iso = new Date(at).toISOString();
        const [slot] = arrivalsPerSlot([row('confirmed', iso)], timeZone);
        const [day] = registrationsPerDay([row('pending', null, iso)], timeZone);
        const want = expected(at, timeZone);
        expect({ iso, day: slot!.day, from: slot!.from }).toEqual({
          iso,
          day: want.day,
          from: want.quarter,
        });
        expect({ iso, day: day!.day }).toEqual({ iso, day: want.day });
        expect(Date.parse(slot!.start)).toBeLessThanOrEqual(at);
        expect(at - Date.parse(slot!.start)).toBeLessThan(15 * 60_000);
      }
    },
  );
});

describe('entries outside the event’s window', () => {
  // 6 December 2025, 7:30 to 11:30 in New York (12:30 to 16:30 UTC): entries count from 00:30 UTC
  // on the 6th to 04:30 UTC on the 7th.
  const event = {
    date: '2025-12-06',
    time: '07:30',
    timeZone: 'America/New_York',
    durationMinutes: 240,
  };

  it('are not attendance: a practice a month early and a scan days later leave a no-show', () => {
    const rows = [
      row('confirmed', '2025-11-06T15:00:00.000Z'),
      row('confirmed', '2025-12-06T00:29:59.999Z'),
      row('confirmed', '2025-12-06T00:30:00.000Z'),
      row('confirmed', '2025-12-06T12:40:00.000Z'),
      row('confirmed', '2025-12-07T04:30:00.000Z'),
      row('confirmed', '2025-12-07T04:30:00.001Z'),
      row('confirmed', '2025-12-13T12:00:00.000Z'),
      // Cancelled counts as cancelled, wherever its entry was.
      row(cancelled, '2025-11-06T15:00:00.000Z'),
    ];
    const results = eventResults(rows, event);
    expect(results.outcome).toEqual({
      total: 8,
      came: 3,
      noShows: 4,
      cancelled: 1,
      unconfirmed: 0,
    });
    expect(results.outsideWindow).toBe(4);
    expect(results.arrivals.reduce((sum, slot) => sum + slot.count, 0)).toBe(3);
    expect(results.arrivals.map((slot) => slot.day)).not.toContain('2025-11-06');
    // The list itself is untouched: the card still shows every entry.
    expect(rows[0]?.checked_in_at).toBe('2025-11-06T15:00:00.000Z');
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

describe('a big event', () => {
  /**
   * Runs `work` counting the time zone lookups made through Intl.DateTimeFormat (formatters made,
   * and their format calls): each costs about as much as the rest of a registration's sums.
   */
  function countingZoneLookups(work: () => void): number {
    const Original = Intl.DateTimeFormat;
    let lookups = 0;
    const count = <F extends (...args: never[]) => unknown>(fn: F) =>
      ((...args: Parameters<F>) => {
        lookups += 1;
        return fn(...args);
      }) as F;
    Intl.DateTimeFormat = new Proxy(Original, {
      construct(target, args: ConstructorParameters<typeof Original>) {
        lookups += 1;
        const format = new target(...args);
        return new Proxy(format, {
          get(object, key) {
            const value: unknown = Reflect.get(object, key, object);
            if (typeof value !== 'function') return value;
            const bound = (value as (...a: never[]) => unknown).bind(object);
            return key === 'format' || key === 'formatToParts' ? count(bound) : bound;
          },
        });
      },
    });
    try {
      work();
    } finally {
      Intl.DateTimeFormat = Original;
    }
    return lookups;
  }

  it('asks the time zone once per quarter hour, not for every registration: 10,000 stay quick', () => {
    // Fortaleza (UTC−3, no daylight saving), a zone no other test here reads: nothing is cached.
    const timeZone = 'America/Fortaleza';
    const event = { date: '2025-12-06', time: '07:00', timeZone, durationMinutes: 240 };
    const rows: AttendanceRow[] = [];
    const registrationsOpen = Date.parse('2025-11-26T12:00:00.000Z');
    const doorsOpen = Date.parse('2025-12-06T10:00:00.000Z');
    for (let i = 0; i < 10_000; i += 1) {
      // Over ten days, and everyone in within three hours.
      rows.push(
        row(
          'confirmed',
          new Date(doorsOpen + i * 1_080).toISOString(),
          new Date(registrationsOpen + i * 86_400).toISOString(),
        ),
      );
    }
    let results: ReturnType<typeof eventResults> | undefined;
    const lookups = countingZoneLookups(() => {
      results = eventResults(rows, event);
    });
    expect(results!.outcome.came).toBe(10_000);
    expect(results!.arrivals.reduce((sum, slot) => sum + slot.count, 0)).toBe(10_000);
    expect(results!.arrivals.map((slot) => slot.from)).toEqual([
      '07:00',
      '07:15',
      '07:30',
      '07:45',
      '08:00',
      '08:15',
      '08:30',
      '08:45',
      '09:00',
      '09:15',
      '09:30',
      '09:45',
    ]);
    expect(results!.perDay).toHaveLength(11);
    expect(results!.perDay.reduce((sum, day) => sum + day.count, 0)).toBe(10_000);
    // 10 days of quarter hours hold the registrations, 12 the arrivals.
    expect(lookups).toBeLessThan(1_200);
  });
});
