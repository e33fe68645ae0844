import { describe, expect, it } from 'vitest';
import {
  attendancePhase,
  attendanceWindow,
  countsAsAttendance,
  eventDayMonth,
} from './attendance-window.ts';
import { defaultEvent } from './event.ts';

describe('the event’s window of attendance', () => {
  it('runs from 12 hours before the start to 12 hours after the end, on the event’s clocks', () => {
    // 6 December 2025, 7:30 in New York (EST, UTC−5), 240 minutes.
    expect(attendanceWindow(defaultEvent)).toEqual({
      from: '2025-12-06T00:30:00.000Z',
      to: '2025-12-07T04:30:00.000Z',
    });
    // São Paulo keeps UTC−3; an evening event ends past midnight.
    expect(
      attendanceWindow({
        date: '2026-03-20',
        time: '19:00',
        timeZone: 'America/Sao_Paulo',
        durationMinutes: 300,
      }),
    ).toEqual({ from: '2026-03-20T10:00:00.000Z', to: '2026-03-21T15:00:00.000Z' });
  });

  it('counts an entry inside it, both ends included, and no entry at all', () => {
    const window = attendanceWindow(defaultEvent);
    expect(countsAsAttendance('2025-12-06T00:30:00.000Z', window)).toBe(true);
    expect(countsAsAttendance('2025-12-06T12:45:00.000Z', window)).toBe(true);
    // A time written with its offset is the same instant.
    expect(countsAsAttendance('2025-12-06T07:45:00-05:00', window)).toBe(true);
    expect(countsAsAttendance('2025-12-07T04:30:00.000Z', window)).toBe(true);
    expect(countsAsAttendance('2025-12-06T00:29:59.999Z', window)).toBe(false);
    expect(countsAsAttendance('2025-11-06T12:45:00.000Z', window)).toBe(false);
    expect(countsAsAttendance('2025-12-07T04:30:00.001Z', window)).toBe(false);
    expect(countsAsAttendance(null, window)).toBe(false);
  });

  it('says whether entries made now count', () => {
    const window = attendanceWindow(defaultEvent);
    expect(attendancePhase(window, Date.parse('2025-11-06T12:00:00.000Z'))).toBe('before');
    expect(attendancePhase(window, Date.parse('2025-12-06T12:00:00.000Z'))).toBe('during');
    expect(attendancePhase(window, Date.parse('2025-12-08T12:00:00.000Z'))).toBe('after');
  });

  it('names the event’s day as dd/mm', () => {
    expect(eventDayMonth({ date: '2026-03-20' })).toBe('20/03');
    expect(eventDayMonth(defaultEvent)).toBe('06/12');
  });
});
