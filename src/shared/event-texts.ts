// Filling the messages' texts the organizer writes (the WhatsApp click-to-chat text, the e-mails'
// opening lines) for one person: the server's messages and the panel's live preview alike. Pure
// functions, no zod. The public pages never import this file (their defaults and JSON go without
// the texts).
import { formatEventDate, formatEventTime, type EventDetails } from './event.ts';
import type { EventSettings } from './event-settings.schema.ts';
import {
  messageTextFields,
  placeholderNames,
  placeholderPattern,
  placeholdersIn,
  type MessageTextField,
  type PlaceholderName,
  type PlaceholderValues,
} from './message-placeholders.ts';

function isPlaceholderName(name: string): name is PlaceholderName {
  return (placeholderNames as readonly string[]).includes(name);
}

/**
 * The text with each placeholder replaced by its value, in one pass (a name that itself reads
 * `{link}` stays as the person wrote it). A paragraph (lines between blank lines) that names a
 * placeholder with no value is left out whole: the ticket's link before the ticket exists takes
 * its announcing line with it. Anything in braces that is not a placeholder is kept as written.
 */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  // Paragraphs at even indexes, the blank lines between them at odd ones.
  const parts = text.replace(/\r\n?/g, '\n').split(/(\n{2,})/);
  let filled = '';
  let first = true;
  for (let index = 0; index < parts.length; index += 2) {
    const paragraph = parts[index] ?? '';
    const complete = placeholdersIn(paragraph).every(
      (name) => !isPlaceholderName(name) || values[name],
    );
    if (!complete) continue;
    if (!first) filled += parts[index - 1] ?? '\n\n';
    first = false;
    filled += paragraph.replace(placeholderPattern, (whole, name: string) =>
      isPlaceholderName(name) ? (values[name] ?? whole) : whole,
    );
  }
  return filled;
}

/** What the placeholders stand for, for one person and one edition. */
export function placeholderValues(
  event: EventSettings,
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

/** The settings as the public pages carry them: without the messages' texts. */
export function eventDetails(event: EventSettings): EventDetails {
  const details: Partial<EventSettings> = { ...event };
  for (const field of Object.keys(messageTextFields) as MessageTextField[]) delete details[field];
  return details as EventDetails;
}
