// The placeholders the organizer's message texts may hold (`{nome}`, `{evento}`, `{data}`,
// `{hora}`, `{local}`, `{link}`) and which text may hold which. Plain data with no imports: the
// settings' schema checks texts against it, event-texts.ts fills them, the panel lists them.

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

/** One placeholder as written, its name in the first group. */
export const placeholderPattern = /\{([^{}\s]{1,40})\}/g;

/** The placeholders a text holds, as written (`{nome}` → 'nome'), known or not, in order. */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(placeholderPattern)].map((match) => match[1] ?? '');
}
