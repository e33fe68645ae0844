import { describe, expect, it } from 'vitest';
import { attendee } from '#test/builders/attendees.ts';
import {
  applyAttendeeChange,
  countAttendees,
  indexAttendees,
  parseAttendeeChange,
} from './attendees.ts';

describe('the door list', () => {
  it('adds, replaces by id and removes', () => {
    const ana = attendee();
    const bruno = attendee({ nome_completo: 'Bruno' });
    let list = applyAttendeeChange([], { type: 'upserted', attendee: ana });
    list = applyAttendeeChange(list, { type: 'upserted', attendee: bruno });
    const anaIn = { ...ana, checked_in_at: '2025-12-06T12:31:00.000Z', checked_in_by: 'p@x.com' };
    list = applyAttendeeChange(list, { type: 'upserted', attendee: anaIn });
    expect(list).toEqual([anaIn, bruno]);
    list = applyAttendeeChange(list, { type: 'removed', id: ana.id });
    expect(list).toEqual([bruno]);
    expect(applyAttendeeChange(list, { type: 'removed', id: 'unknown' })).toBe(list);
  });

  it('finds by ticket code and id, and counts who came in among the confirmed', () => {
    const list = [
      attendee({ checked_in_at: '2025-12-06T12:31:00.000Z', checked_in_by: 'p@x.com' }),
      attendee(),
      attendee(),
    ];
    const index = indexAttendees(list);
    expect(index.byCode.get(list[1]!.ticket_code!)).toBe(list[1]);
    expect(index.byId.get(list[2]!.id)).toBe(list[2]);
    expect(countAttendees(list)).toEqual({ confirmed: 3, checkedIn: 1 });
  });

  it('holds everyone by id, and counts and finds by code only the confirmed', () => {
    const pending = attendee({ status: 'pending', ticket_code: null });
    const cancelled = attendee({ status: 'cancelled', ticket_code: null });
    const confirmed = attendee();
    const index = indexAttendees([pending, cancelled, confirmed]);
    expect([...index.byCode.values()]).toEqual([confirmed]);
    expect(index.byId.get(pending.id)).toBe(pending);
    expect(countAttendees([pending, cancelled, confirmed])).toEqual({ confirmed: 1, checkedIn: 0 });
  });

  it('parses the stream’s changes and ignores anything else', () => {
    const ana = attendee();
    expect(parseAttendeeChange(JSON.stringify({ type: 'upserted', attendee: ana }))).toEqual({
      type: 'upserted',
      attendee: ana,
    });
    expect(parseAttendeeChange('{"type":"removed","id":"x"}')).toEqual({
      type: 'removed',
      id: 'x',
    });
    expect(parseAttendeeChange('not json')).toBeNull();
    expect(parseAttendeeChange('{"type":"created"}')).toBeNull();
  });
});
