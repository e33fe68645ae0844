// The WhatsApp ticket: the message (the edition's own text, its placeholders filled) and the
// click-to-chat link that carries it.
import type { EventSettings } from './event-settings.schema.ts';
import { fillPlaceholders, placeholderValues } from './event-texts.ts';
import type { Registration } from './registration.schema.ts';

/**
 * The event's WhatsApp text for this person (by default the spec's message, with the ticket
 * page's address, `ticketPageUrl`, on a line of its own so WhatsApp shows it as a link). Without
 * an address, the paragraph that holds `{link}` is left out. The panel passes it whenever the
 * ticket has a code.
 */
export function ticketMessage(
  registration: Pick<Registration, 'nome_completo'>,
  event: EventSettings,
  ticketUrl?: string,
): string {
  return fillPlaceholders(
    event.whatsappMessage,
    placeholderValues(event, { nome: registration.nome_completo, link: ticketUrl }),
  );
}

/** `https://wa.me/15085551234?text=...`: the number without '+' or any other non-digit. */
export function whatsappLink(phone: string, message: string): string {
  const digits = phone.replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}
