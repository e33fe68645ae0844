// 'Adicionar à agenda': the event as a calendar file (.ics, RFC 5545, written by ical-generator)
// and as a Google Calendar link, both at the event's real start (src/shared/event-start.ts).
import ical from 'ical-generator';
import { eventStartsAt } from '../../shared/event-start.ts';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { ticketPageUrl } from '../../shared/paths.ts';

export interface CalendarEntry {
  event: EventSettings;
  /** The ticket page's absolute address: the entry links back to it. */
  ticketUrl: string;
}

/** When the event starts and ends, as instants. */
export function eventInterval(event: EventSettings): { start: Date; end: Date } {
  const start = eventStartsAt(event);
  return { start, end: new Date(start.getTime() + event.durationMinutes * 60_000) };
}

function where(event: EventSettings): string {
  return `${event.venue}, ${event.city}`;
}

function description(entry: CalendarEntry): string {
  return `Seu ingresso (mostre o QR code na entrada): ${entry.ticketUrl}`;
}

/**
 * RFC 5545's TEXT escaping, for the calendar's name: ical-generator escapes an event's text but
 * writes the calendar's NAME and X-WR-CALNAME as given, where a comma or a semicolon splits the
 * value and a backslash starts an escape.
 */
function escapeText(value: string): string {
  return value.replace(/[\\;,]/g, (character) => `\\${character}`).replace(/\r?\n/g, '\\n');
}

/**
 * The .ics file's text (CRLF lines, folded and escaped by the library). `uid` is stable: the
 * same ticket added twice replaces its entry.
 */
export function calendarFile(entry: CalendarEntry, uid: string): string {
  const { start, end } = eventInterval(entry.event);
  const calendar = ical({
    prodId: { company: 'Inscricoes', product: 'Ingresso', language: 'PT-BR' },
    name: escapeText(entry.event.name),
  });
  calendar.createEvent({
    id: uid,
    start,
    end,
    summary: entry.event.name,
    location: where(entry.event),
    description: description(entry),
    url: entry.ticketUrl,
  });
  return calendar.toString();
}

/** The ticket's own .ics, the same file from the ticket page and attached to the ticket e-mail. */
export function ticketCalendarFile(event: EventSettings, publicUrl: string, code: string): string {
  return calendarFile(
    { event, ticketUrl: ticketPageUrl(publicUrl, code) },
    `ingresso-${code}@${new URL(publicUrl).host}`,
  );
}

/** `20251206T123000Z`: an instant as Google Calendar's `dates` parameter writes it. */
function googleTime(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A link that opens Google Calendar with the event filled in. */
export function googleCalendarUrl(entry: CalendarEntry): string {
  const { start, end } = eventInterval(entry.event);
  const url = new URL('https://calendar.google.com/calendar/render');
  url.search = new URLSearchParams({
    action: 'TEMPLATE',
    text: entry.event.name,
    dates: `${googleTime(start)}/${googleTime(end)}`,
    ctz: entry.event.timeZone,
    location: where(entry.event),
    details: description(entry),
  }).toString();
  return url.toString();
}
