// The messages' texts the organizer writes (the WhatsApp click-to-chat text, the e-mails' opening
// lines) and the placeholders they hold: `{nome}`, `{evento}`, `{data}`, `{hora}`, `{local}`,
// `{link}`. Plain data and pure functions, no zod: the server's messages and the panel's live
// preview fill them alike. The public pages never import this file (their defaults and JSON go
// without the texts: event.ts imports nothing from here).
import { formatEventDate, formatEventTime, type EventConfig, type EventDetails } from './event.ts';

/** Every placeholder, with what it becomes (the panel lists these beside the texts). */
export const placeholderNames = ['nome', 'evento', 'data', 'hora', 'local', 'link'] as const;
export type PlaceholderName = (typeof placeholderNames)[number];

export type PlaceholderValues = Partial<Record<PlaceholderName, string>>;

/** What each placeholder stands for, in pt-BR (the panel's hint next to the texts). */
export const placeholderLabels: Record<PlaceholderName, string> = {
  nome: 'nome da pessoa inscrita',
  evento: 'nome do evento',
  data: 'data do evento (6 de dezembro de 2025)',
  hora: 'hora de início (7:30)',
  local: 'local e cidade',
  link: 'link do ingresso',
};

/** The texts among the event's settings, each with the placeholders it may hold. */
export const messageTextFields = {
  /** The WhatsApp ticket (the panel's click-to-chat button). */
  whatsappMessage: placeholderNames,
  /** The opening lines of the e-mail sent when a registration arrives (no ticket yet: no link). */
  receivedEmailIntro: ['nome', 'evento', 'data', 'hora', 'local'],
  /** The opening lines of the ticket e-mail (the date, the place and the link follow them). */
  ticketEmailIntro: placeholderNames,
} as const satisfies Record<string, readonly PlaceholderName[]>;
export type MessageTextField = keyof typeof messageTextFields;

const placeholder = /\{([^{}\s]{1,40})\}/g;

/** The placeholders a text holds, as written (`{nome}` → 'nome'), known or not, in order. */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(placeholder)].map((match) => match[1] ?? '');
}

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
    filled += paragraph.replace(placeholder, (whole, name: string) =>
      isPlaceholderName(name) ? (values[name] ?? whole) : whole,
    );
  }
  return filled;
}

/** What the placeholders stand for, for one person and one edition. */
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

/** The settings as the public pages carry them: without the messages' texts. */
export function eventDetails(event: EventConfig): EventDetails {
  const details: Partial<EventConfig> = { ...event };
  for (const field of Object.keys(messageTextFields) as MessageTextField[]) delete details[field];
  return details as EventDetails;
}
