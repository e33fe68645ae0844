// The WhatsApp ticket: the message and the click-to-chat link that carries it.
import { formatEventDate, formatEventTime, type EventConfig } from './event.ts';
import type { Registration } from './registration.schema.ts';

/**
 * The spec's message; with the ticket page's address (`ticketPageUrl`), that link on a line of its
 * own, so WhatsApp shows it as a link. The panel passes it whenever the ticket has a code.
 */
export function ticketMessage(
  registration: Pick<Registration, 'nome_completo'>,
  event: EventConfig,
  ticketUrl?: string,
): string {
  return [
    `Olá, ${registration.nome_completo}! 🎉`,
    '',
    `Seu ingresso para o ${event.name} está confirmado!`,
    '',
    `📅 ${formatEventDate(event)}, às ${formatEventTime(event)}`,
    `📍 ${event.venue}, ${event.city}`,
    '',
    ...(ticketUrl ? ['🎟️ Seu ingresso, com o QR code para a entrada:', ticketUrl, ''] : []),
    'Nos vemos lá!',
  ].join('\n');
}

/** `https://wa.me/15085551234?text=...`: the number without '+' or any other non-digit. */
export function whatsappLink(phone: string, message: string): string {
  const digits = phone.replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}
