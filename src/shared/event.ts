// The event this site registers people for: the current edition's settings, stored in the
// database and edited from the panel. These defaults (with EVENT_CONFIG laid over them) seed only
// the first edition of an empty database; the server hands the current settings to the browser.
// No zod here: the public pages import this file, and take the EventConfig type from the
// schema's file as a type only (erased at build).
import type { EventConfig, EventSettings } from './event-config.schema.ts';
import { defaultMessageTexts, type PlaceholderValues } from './event-texts.ts';

export type { EventConfig, EventSettings };

export const defaultEvent: EventConfig = {
  name: 'Build Safe',
  tagline: 'Conectando profissionais para construir um futuro seguro',
  date: '2025-12-06',
  time: '07:30',
  timeZone: 'America/New_York',
  durationMinutes: 240,
  venue: 'Salão de eventos',
  city: 'Foxboro, Massachusetts',
  csvPrefix: 'inscricoes_build_safe_',
  organizer: 'Organização do Build Safe',
  contactEmail: 'contato@buildsafe.example',
  retentionDays: 90,
  ...defaultMessageTexts,
};

// The month's name from the platform's pt-BR data. Made on first use, never at import: a
// browser's first Intl.DateTimeFormat loads its locale data, about 150 ms of a 4× slower phone's
// main thread. The public pages get their dates formatted by the server instead (EventDates).
let monthNames: Intl.DateTimeFormat | undefined;

function dateParts(event: Pick<EventConfig, 'date'>) {
  const [year, month, day] = event.date.split('-').map(Number) as [number, number, number];
  // UTC at noon: the calendar date as written, whatever the zone of the machine.
  monthNames ??= new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'UTC' });
  return { year, day, month: monthNames.format(Date.UTC(year, month - 1, day, 12)) };
}

/** '6 de dezembro de 2025' */
export function formatEventDate(event: Pick<EventConfig, 'date'>): string {
  const { year, month, day } = dateParts(event);
  return `${day} de ${month} de ${year}`;
}

/** '6 de dezembro' (the landing page shows no year) */
export function formatEventDayMonth(event: Pick<EventConfig, 'date'>): string {
  const { month, day } = dateParts(event);
  return `${day} de ${month}`;
}

/** '6 de março de 2026' for an event on 2025-12-06 kept 90 days: until when its data is kept. */
export function formatRetentionEnd(event: Pick<EventConfig, 'date' | 'retentionDays'>): string {
  const [year, month, day] = event.date.split('-').map(Number) as [number, number, number];
  // Calendar arithmetic in UTC: no daylight-saving hour can move the day.
  return formatEventDate({
    date: new Date(Date.UTC(year, month - 1, day + event.retentionDays)).toISOString().slice(0, 10),
  });
}

/**
 * The event's dates as the public pages print them. The server formats them (at start, with the
 * pages) and hands them to the browser as JSON, so hydrating a page runs no Intl formatter.
 */
export interface EventDates {
  /** '6 de dezembro de 2025' */
  date: string;
  /** '6 de dezembro' */
  dayMonth: string;
  /** '6 de março de 2026': until when the registrations are kept. */
  retentionEnd: string;
}

export function eventDates(event: EventConfig): EventDates {
  return {
    date: formatEventDate(event),
    dayMonth: formatEventDayMonth(event),
    retentionEnd: formatRetentionEnd(event),
  };
}

/** '7:30' */
export function formatEventTime(event: EventConfig): string {
  const [hours, minutes] = event.time.split(':').map(Number) as [number, number];
  return `${hours}:${String(minutes).padStart(2, '0')}`;
}

/** '7:30' and the rest of what the messages' placeholders stand for, for one person. */
export function placeholderValues(
  event: EventConfig,
  person: { nome: string; link?: string },
): PlaceholderValues {
  return {
    nome: person.nome,
    evento: event.name,
    data: formatEventDate(event),
    hora: formatEventTime(event),
    local: `${event.venue}, ${event.city}`,
    link: person.link,
  };
}
