import { describe, expect, it } from 'vitest';
import { eventStartsAt } from './event-start.ts';
import { defaultEvent } from './event.ts';

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
