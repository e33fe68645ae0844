// What the server-side render of a page hands to the server (src/web/entry-server.tsx).
import type { EventConfig } from './event.ts';
import type { Ticket } from './ticket.schema.ts';

export interface RenderedPage {
  /** The content of <div id="root">. */
  html: string;
  /** The page's <title>. */
  title: string;
}

export type RenderPage = (path: string, event: EventConfig) => Promise<RenderedPage>;

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
