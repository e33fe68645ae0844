import { describe, expect, it } from 'vitest';
import { defaultEvent } from './event.ts';
import { erasableUpTo, eventErasureAt } from './retention.ts';

describe('retention', () => {
  const event = { ...defaultEvent, retentionDays: 90 };

  it('erases retentionDays after the event, or after the registration when that is later', () => {
    // 07:30 in New York for 4 hours: it ends at 16:30 UTC.
    expect(eventErasureAt(event).toISOString()).toBe('2026-03-06T16:30:00.000Z');
    // Made before the event: due the moment the event's retention ends.
    expect(erasableUpTo(event, eventErasureAt(event))! >= '2025-11-01T10:00:00.000Z').toBe(true);
    // Made long after it: due 90 days after it was made, not a millisecond before.
    const made = '2026-11-23T02:00:00.000Z';
    expect(erasableUpTo(event, new Date('2027-02-21T02:00:00.000Z'))).toBe(made);
    expect(erasableUpTo(event, new Date('2027-02-21T01:59:59.999Z'))! < made).toBe(true);
  });

  it('counts from the end of an event of several days', () => {
    const threeDays = { ...event, durationMinutes: 3 * 24 * 60, retentionDays: 1 };
    // Its second day: nobody registered before it is erased while it runs.
    expect(erasableUpTo(threeDays, new Date('2025-12-07T15:00:00.000Z'))).toBeUndefined();
    expect(eventErasureAt(threeDays).toISOString()).toBe('2025-12-10T12:30:00.000Z');
  });

  it('erases nothing before the event’s retention ends, then what is old enough', () => {
    expect(erasableUpTo(event, new Date('2026-03-06T16:29:59.999Z'))).toBeUndefined();
    expect(erasableUpTo(event, new Date('2026-03-06T16:30:00.000Z'))).toBe(
      '2025-12-06T16:30:00.000Z',
    );
    // A site still running long after its event keeps a registration made today for 90 days.
    const now = new Date('2026-11-23T12:00:00.000Z');
    const upTo = erasableUpTo(event, now)!;
    expect(upTo).toBe('2026-08-25T12:00:00.000Z');
    expect(upTo < now.toISOString()).toBe(true);
  });
});
