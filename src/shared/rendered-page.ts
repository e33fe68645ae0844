// What the server-side render of a page hands to the server (src/web/entry-server.tsx).
import type { EventConfig } from './event.ts';
import type { Ticket } from './ticket.schema.ts';

export interface RenderedPage {
  /** The content of <div id="root">. */
  html: string;
  /** The page's <title>. */
  title: string;
}

/**
 * Which providers the site hands attendees' data to for its messages, and nothing else about them
 * (no address, no key): the privacy page names them.
 */
export interface MessageProviders {
  /** An SMTP server (SMTP_URL): gets the e-mail address and the message. */
  email: boolean;
  /** Meta, through WhatsApp Business: gets the phone number and the template's values. */
  whatsapp: boolean;
}

export const noMessageProviders: MessageProviders = { email: false, whatsapp: false };

export type RenderPage = (
  path: string,
  event: EventConfig,
  providers: MessageProviders,
) => Promise<RenderedPage>;

/** What the ticket page (/ingresso/<code>) shows; rendered per request, it needs no script. */
export interface TicketPageData {
  ticket: Ticket;
  event: EventConfig;
  /** The page's own absolute address (PUBLIC_URL based): what its QR code encodes. */
  ticketUrl: string;
  /** The QR code as SVG markup, made on the server from `ticketUrl`. */
  qrSvg: string;
  /** The calendar file's path (.ics) and a link that opens Google Calendar with the event. */
  calendarPath: string;
  googleCalendarUrl: string;
}

export type RenderTicketPage = (data: TicketPageData) => Promise<RenderedPage>;
