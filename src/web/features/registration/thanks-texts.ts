// What the thank-you page and the form's toast say about what comes next: the ticket's channels
// (the ones that will really carry it, from the messaging configuration the server writes into
// the page) and the place on the waiting list. The titles and texts are the organizer's (the
// event's `thanks`); these lines are the site's, the same for every event.
import type { ThanksOutcome } from '@shared/event-fields.ts';
import type { MessageProviders } from '@shared/rendered-page.ts';

/**
 * E-mail when an SMTP server sends it, WhatsApp when WhatsApp Business does. With neither, the
 * organizer sends it by WhatsApp's click-to-chat ('Enviar Ingresso', the original's flow).
 */
export type TicketChannels = 'whatsapp' | 'email' | 'both';

export function ticketChannels(providers: MessageProviders): TicketChannels {
  if (providers.email && providers.whatsapp) return 'both';
  return providers.email ? 'email' : 'whatsapp';
}

const byChannel: Record<TicketChannels, { page: string; toast: string }> = {
  whatsapp: { page: 'pelo WhatsApp', toast: 'via WhatsApp' },
  email: { page: 'por e-mail', toast: 'via e-mail' },
  both: { page: 'por e-mail e pelo WhatsApp', toast: 'via e-mail e WhatsApp' },
};

/** The line about the ticket on the page ('Você receberá seu ingresso pelo WhatsApp em breve.'). */
export function ticketLine(outcome: ThanksOutcome, channels: TicketChannels): string | null {
  const words = byChannel[channels].page;
  if (outcome === 'received') return `Você receberá seu ingresso ${words} em breve.`;
  if (outcome === 'confirmed') return `Você também receberá seu ingresso ${words}.`;
  return null;
}

/** 'Você está na 3ª posição da lista de espera.' */
export function positionLine(position: number): string {
  return `Você está na ${position}ª posição da lista de espera.`;
}

export const waitlistedNext =
  'Se uma vaga for liberada, ela vai para a próxima pessoa da lista, por ordem de chegada, e o ingresso chega quando a vaga for confirmada.';

/**
 * The toast's line under the page's title: the original's 'Em breve você receberá seu ingresso via
 * WhatsApp.' for a registration received, the same news as the page in other words otherwise.
 */
export function toastLine(
  outcome: ThanksOutcome,
  channels: TicketChannels,
  position: number | undefined,
): string {
  const words = byChannel[channels].toast;
  if (outcome === 'received') return `Em breve você receberá seu ingresso ${words}.`;
  if (outcome === 'confirmed') return `Seu ingresso já está pronto e chega também ${words}.`;
  return position === undefined ? waitlistedNext : positionLine(position);
}

/** The person's own page, as the form hands it over (decision 0130). */
export const personalLinkText =
  'Guarde seu link pessoal: por ele você vê sua inscrição e pode cancelar se não puder comparecer.';

/**
 * What the form hands the thank-you page in the history's state (none when the page is loaded as
 * such: a reload, a shared link): the person's own page, the ticket's code, the place in line.
 */
export interface ThanksState {
  personalPage?: string;
  ticketCode?: string;
  position?: number;
}
