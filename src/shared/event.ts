// The event this site registers people for: the current edition's settings, stored in the
// database and edited from the panel. These defaults (with EVENT_CONFIG laid over them) seed only
// the first edition of an empty database; the server hands the current settings to the browser.
// No zod here: the public pages import this file, and take the EventSettings type from the
// schema's file as a type only (erased at build).
import { defaultCertificateSettings } from './certificate-text.ts';
import type { EventSettings } from './event-settings.schema.ts';
import { defaultLandingTexts, defaultThanksTexts } from './event-fields.ts';
import { defaultFieldLabels, defaultFormFields } from './form-questions.ts';
import { defaultReminders } from './reminder-settings.ts';
import { registrationWindow, type RegistrationWindow } from './registration-window.ts';
import type { MessageTextField } from './message-placeholders.ts';

/**
 * The settings without the messages' texts: what the public pages carry (their JSON and their
 * script's fallback), which never show a message. Keeping the texts out keeps them out of the
 * public pages' bytes; the admin page gets them whole.
 */
export type EventDetails = Omit<EventSettings, MessageTextField>;

export const defaultEventDetails: EventDetails = {
  name: 'Build Safe',
  tagline: 'Conectando profissionais para construir um futuro seguro',
  date: '2025-12-06',
  time: '07:30',
  timeZone: 'America/New_York',
  durationMinutes: 240,
  ...defaultLandingTexts,
  thanks: defaultThanksTexts,
  logo: null,
  venue: 'Salão de eventos',
  city: 'Foxboro, Massachusetts',
  phoneCountry: 'US',
  csvPrefix: 'inscricoes_build_safe_',
  organizer: 'Organização do Build Safe',
  contactEmail: 'contato@buildsafe.example',
  retentionDays: 90,
  certificateRetentionYears: 5,
  capacity: null,
  admission: 'approval',
  registrationOpen: true,
  registrationOpensAt: null,
  registrationClosesAt: null,
  fields: structuredClone(defaultFormFields),
  fieldLabels: structuredClone(defaultFieldLabels),
  questions: [],
  reminders: structuredClone([...defaultReminders]),
  certificate: structuredClone(defaultCertificateSettings),
};

/**
 * The messages' texts as they were written before they became settings (placeholders:
 * message-placeholders.ts). Left out of the public pages' bundle by tree-shaking: only the server
 * and the panel's form read them.
 */
export const defaultMessageTexts: Record<MessageTextField, string> = {
  whatsappMessage: [
    'Olá, {nome}! 🎉',
    '',
    'Seu ingresso para o {evento} está confirmado!',
    '',
    '📅 {data}, às {hora}',
    '📍 {local}',
    '',
    '🎟️ Seu ingresso, com o QR code para a entrada:',
    '{link}',
    '',
    'Nos vemos lá!',
  ].join('\n'),
  receivedEmailIntro: [
    'Olá, {nome}!',
    'Recebemos sua inscrição no {evento}. Ela está em análise pela organização: quando for confirmada, você receberá seu ingresso por e-mail e WhatsApp.',
  ].join('\n'),
  ticketEmailIntro: ['Olá, {nome}! 🎉', '', 'Seu ingresso para o {evento} está confirmado!'].join(
    '\n',
  ),
};

function withDefaultTexts(details: EventDetails): EventSettings {
  return { ...details, ...defaultMessageTexts };
}

/** Every setting's default. Marked pure: a bundle that never reads it (the public pages) drops it. */
export const defaultEvent: EventSettings = /* @__PURE__ */ withDefaultTexts(defaultEventDetails);

// The month's name from the platform's pt-BR data. Made on first use, never at import: a
// browser's first Intl.DateTimeFormat loads its locale data, about 150 ms of a 4× slower phone's
// main thread. The public pages get their dates formatted by the server instead (EventDates).
let monthNames: Intl.DateTimeFormat | undefined;

function dateParts(event: Pick<EventSettings, 'date'>) {
  const [year, month, day] = event.date.split('-').map(Number) as [number, number, number];
  // UTC at noon: the calendar date as written, whatever the zone of the machine.
  monthNames ??= new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'UTC' });
  return { year, day, month: monthNames.format(Date.UTC(year, month - 1, day, 12)) };
}

/** '6 de dezembro de 2025' */
export function formatEventDate(event: Pick<EventSettings, 'date'>): string {
  const { year, month, day } = dateParts(event);
  return `${day} de ${month} de ${year}`;
}

/** '6 de dezembro' (the landing page shows no year) */
export function formatEventDayMonth(event: Pick<EventSettings, 'date'>): string {
  const { month, day } = dateParts(event);
  return `${day} de ${month}`;
}

/**
 * '6 de março de 2026' for an event on 2025-12-06 kept 90 days: until when its data is kept,
 * counted from the day the event ends (its start and duration on its own clocks).
 */
export function formatRetentionEnd(
  event: Pick<EventSettings, 'date' | 'time' | 'durationMinutes' | 'retentionDays'>,
): string {
  const [year, month, day] = event.date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = event.time.split(':').map(Number) as [number, number];
  const endDay = day + Math.floor((hours * 60 + minutes + event.durationMinutes) / (24 * 60));
  // Calendar arithmetic in UTC: no daylight-saving hour can move the day.
  return formatEventDate({
    date: new Date(Date.UTC(year, month - 1, endDay + event.retentionDays))
      .toISOString()
      .slice(0, 10),
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
  /** The landing's date card: '6 de dezembro' this year, '6 de dezembro de 2027' another. */
  cardDate: string;
  /** '6 de março de 2026': until when the registrations are kept. */
  retentionEnd: string;
  /** Whether registrations are open as the pages were rendered (issue 33.5). */
  registration: RegistrationWindow['state'];
  /** '10 de janeiro, às 9:00' (with the year when not this year) while not open yet; else ''. */
  registrationOpens: string;
}

/** The year it is now on the event's clocks. */
function yearThere(event: Pick<EventSettings, 'timeZone'>, now: Date): string {
  return new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: event.timeZone }).format(now);
}

/** '10 de janeiro, às 9:00' on the event's clocks; '10 de janeiro de 2027, às 9:00' another year. */
export function formatInstant(
  iso: string,
  event: Pick<EventSettings, 'timeZone'>,
  now = new Date(),
): string {
  const instant = new Date(iso);
  const parts = new Intl.DateTimeFormat('pt-BR', {
    timeZone: event.timeZone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((found) => found.type === type)?.value ?? '';
  const year = part('year') === yearThere(event, now) ? '' : ` de ${part('year')}`;
  return `${Number(part('day'))} de ${part('month')}${year}, às ${Number(part('hour'))}:${part('minute')}`;
}

export function eventDates(event: EventSettings, now = new Date()): EventDates {
  const thisYear = event.date.slice(0, 4) === yearThere(event, now);
  const window = registrationWindow(event, now);
  return {
    date: formatEventDate(event),
    dayMonth: formatEventDayMonth(event),
    cardDate: thisYear ? formatEventDayMonth(event) : formatEventDate(event),
    retentionEnd: formatRetentionEnd(event),
    registration: window.state,
    registrationOpens: window.state === 'not_open' ? formatInstant(window.opensAt, event, now) : '',
  };
}

/** '7:30' */
export function formatEventTime(event: EventSettings): string {
  const [hours, minutes] = event.time.split(':').map(Number) as [number, number];
  return `${hours}:${String(minutes).padStart(2, '0')}`;
}
