import { describe, expect, it } from 'vitest';
import {
  defaultEvent,
  eventDates,
  formatEventDate,
  formatEventDayMonth,
  formatEventTime,
  formatRetentionEnd,
} from './event.ts';

describe('event formatting', () => {
  it('reproduces the spec: 6 December 2025 at 7:30', () => {
    expect(formatEventDate(defaultEvent)).toBe('6 de dezembro de 2025');
    expect(formatEventDayMonth(defaultEvent)).toBe('6 de dezembro');
    expect(formatEventTime(defaultEvent)).toBe('7:30');
  });

  it('formats other dates and times in pt-BR', () => {
    const event = { ...defaultEvent, date: '2026-01-09', time: '18:05' };
    expect(formatEventDate(event)).toBe('9 de janeiro de 2026');
    expect(formatEventTime(event)).toBe('18:05');
  });

  it('names every month in pt-BR, lower case', () => {
    const months = Array.from({ length: 12 }, (_, i) =>
      formatEventDayMonth({ ...defaultEvent, date: `2026-${String(i + 1).padStart(2, '0')}-01` }),
    );
    expect(months).toEqual(
      'janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro'
        .split(' ')
        .map((month) => `1 de ${month}`),
    );
  });

  it('names the CSV prefix after the event, as the spec does', () => {
    expect(defaultEvent.csvPrefix).toBe('inscricoes_build_safe_');
  });

  it('counts the days data is kept after the event, across months, years and leap days', () => {
    expect(formatRetentionEnd({ date: '2025-12-06', retentionDays: 90 })).toBe(
      '6 de março de 2026',
    );
    expect(formatRetentionEnd({ date: '2025-12-06', retentionDays: 30 })).toBe(
      '5 de janeiro de 2026',
    );
    expect(formatRetentionEnd({ date: '2028-02-28', retentionDays: 1 })).toBe(
      '29 de fevereiro de 2028',
    );
    // A daylight-saving change in between does not move the day.
    expect(formatRetentionEnd({ date: '2025-11-01', retentionDays: 2 })).toBe(
      '3 de novembro de 2025',
    );
  });

  it('hands the public pages every date they print, formatted once', () => {
    expect(eventDates(defaultEvent)).toEqual({
      date: '6 de dezembro de 2025',
      dayMonth: '6 de dezembro',
      retentionEnd: '6 de março de 2026',
    });
  });
});
