// The event's real start for calendars: wall-clock date and time in the event's own zone.
import { describe, expect, it } from 'vitest';
import { defaultEvent } from '../../shared/event.ts';
import { calendarFile, eventInterval, googleCalendarUrl } from './event-calendar.ts';

const ticketUrl = 'https://inscricoes.exemplo.com.br/ingresso/Ab-_0123456789xyzXYZ_-';

/** The .ics text's lines, unfolded (RFC 5545: a line break and a space continue a line). */
function unfolded(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, '').split('\r\n');
}

describe('eventInterval', () => {
  it('starts the spec’s event at 7:30 in New York, 12:30 UTC in December, for durationMinutes', () => {
    const { start, end } = eventInterval(defaultEvent);
    expect(start.toISOString()).toBe('2025-12-06T12:30:00.000Z');
    expect(end.toISOString()).toBe('2025-12-06T16:30:00.000Z');
  });

  it('follows the zone’s daylight saving time and other zones', () => {
    const july = { ...defaultEvent, date: '2026-07-04', time: '19:05', durationMinutes: 90 };
    expect(eventInterval(july).start.toISOString()).toBe('2026-07-04T23:05:00.000Z');
    expect(eventInterval(july).end.toISOString()).toBe('2026-07-05T00:35:00.000Z');
    const saoPaulo = { ...defaultEvent, timeZone: 'America/Sao_Paulo', date: '2026-01-15' };
    expect(eventInterval(saoPaulo).start.toISOString()).toBe('2026-01-15T10:30:00.000Z');
    const lisbon = {
      ...defaultEvent,
      timeZone: 'Europe/Lisbon',
      date: '2026-03-29',
      time: '09:00',
    };
    expect(eventInterval(lisbon).start.toISOString()).toBe('2026-03-29T08:00:00.000Z');
  });
});

describe('calendarFile', () => {
  it('is one VEVENT at the real start and end in UTC, with the place and the ticket’s link', () => {
    const ics = calendarFile({ event: defaultEvent, ticketUrl }, 'ingresso-x@exemplo');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    const lines = unfolded(ics);
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines).toEqual(
      expect.arrayContaining([
        'VERSION:2.0',
        'UID:ingresso-x@exemplo',
        'DTSTART:20251206T123000Z',
        'DTEND:20251206T163000Z',
        'SUMMARY:Build Safe',
        'LOCATION:Salão de eventos\\, Foxboro\\, Massachusetts',
        `DESCRIPTION:Seu ingresso (mostre o QR code na entrada): ${ticketUrl}`,
        `URL;VALUE=URI:${ticketUrl}`,
      ]),
    );
    // Folded at 75 octets, as the format requires.
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('escapes the operator’s text so it cannot add lines or properties', () => {
    const event = { ...defaultEvent, name: 'Obra; Segura, 2026\nDTSTART:19700101T000000Z' };
    const lines = unfolded(calendarFile({ event, ticketUrl }, 'u'));
    expect(lines.filter((line) => line.startsWith('DTSTART'))).toEqual([
      'DTSTART:20251206T123000Z',
    ]);
    expect(lines).toContain('SUMMARY:Obra\\; Segura\\, 2026\\nDTSTART:19700101T000000Z');
  });

  it('escapes the calendar’s own name as well (NAME, X-WR-CALNAME), not only the entry’s', () => {
    // What the panel accepts as a name: one line, but commas, semicolons and backslashes.
    const event = { ...defaultEvent, name: 'Obra; Segura, 2026 \\n C:\\obras' };
    const lines = unfolded(calendarFile({ event, ticketUrl }, 'u'));
    const escaped = 'Obra\\; Segura\\, 2026 \\\\n C:\\\\obras';
    expect(lines).toContain(`SUMMARY:${escaped}`);
    expect(lines).toContain(`NAME:${escaped}`);
    expect(lines).toContain(`X-WR-CALNAME:${escaped}`);
  });
});

describe('googleCalendarUrl', () => {
  it('opens Google Calendar with the event, its UTC times, its zone, place and the ticket link', () => {
    const url = new URL(googleCalendarUrl({ event: defaultEvent, ticketUrl }));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Build Safe',
      dates: '20251206T123000Z/20251206T163000Z',
      ctz: 'America/New_York',
      location: 'Salão de eventos, Foxboro, Massachusetts',
      details: `Seu ingresso (mostre o QR code na entrada): ${ticketUrl}`,
    });
  });
});
