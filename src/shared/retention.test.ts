import { describe, expect, it } from 'vitest';
import { defaultEvent } from './event.ts';
import { erasableUpTo, erasureAt, eventErasureAt, eventStartsAt } from './retention.ts';

describe('eventStartsAt', () => {
  it('reads the date and time on the clocks of the event’s time zone', () => {
    // 7:30 in Foxboro in December is EST, UTC-5.
    expect(eventStartsAt(defaultEvent).toISOString()).toBe('2025-12-06T12:30:00.000Z');
    // In July, EDT, UTC-4; São Paulo has no daylight saving time, UTC-3.
    expect(eventStartsAt({ ...defaultEvent, date: '2026-07-04' }).toISOString()).toBe(
      '2026-07-04T11:30:00.000Z',
    );
    expect(
      eventStartsAt({ date: '2026-03-14', time: '19:00', timeZone: 'America/Sao_Paulo' }),
    ).toEqual(new Date('2026-03-14T22:00:00.000Z'));
  });

  it('is right on the day the clocks move', () => {
    // 8 March 2026, New York springs forward at 2:00: 7:30 is already EDT.
    expect(eventStartsAt({ ...defaultEvent, date: '2026-03-08' }).toISOString()).toBe(
      '2026-03-08T11:30:00.000Z',
    );
  });
});

describe('retention', () => {
  const event = { ...defaultEvent, retentionDays: 90 };

  it('erases retentionDays after the event, or after the registration when that is later', () => {
    expect(eventErasureAt(event).toISOString()).toBe('2026-03-06T12:30:00.000Z');
    expect(erasureAt(event, '2025-11-01T10:00:00.000Z')).toEqual(eventErasureAt(event));
    expect(erasureAt(event, '2026-11-23T02:00:00.000Z').toISOString()).toBe(
      '2027-02-21T02:00:00.000Z',
    );
  });

  it('erases nothing before the event’s retention ends, then what is old enough', () => {
    expect(erasableUpTo(event, new Date('2026-03-06T12:29:59.999Z'))).toBeUndefined();
    expect(erasableUpTo(event, new Date('2026-03-06T12:30:00.000Z'))).toBe(
      '2025-12-06T12:30:00.000Z',
    );
    // A site still running long after its event keeps a registration made today for 90 days.
    const now = new Date('2026-11-23T12:00:00.000Z');
    const upTo = erasableUpTo(event, now)!;
    expect(upTo).toBe('2026-08-25T12:00:00.000Z');
    expect(erasureAt(event, now.toISOString()).getTime()).toBeGreaterThan(now.getTime());
  });
});
