// The ticket page, /ingresso/<code>: rendered per request (it is personal, and changes with the
// check-in) by the browser app's own component, sent without scripts; the site's not-found page
// (404) for a code that opens nothing. Registered with the built site (plugins/web-app.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TicketPageData } from '../../shared/rendered-page.ts';
import { ticketCalendar, ticketPage, ticketPageUrl, withCode } from '../../shared/paths.ts';
import { eventEndsAt } from '../../shared/event-start.ts';
import { audiences } from '../audience.ts';
import { compressPage } from '../plugins/compression.ts';
import { htmlAnswer, routeSchema } from '../route-schema.ts';
import { notFoundPageAnswer } from '../web/page-schemas.ts';
import { googleCalendarUrl } from './event-calendar.ts';
import { qrCodeSvg } from './ticket-qr.ts';
import { codeParams, personal, ticketByCode } from './tickets.routes.ts';

export interface TicketPageOptions {
  render(data: TicketPageData): Promise<string>;
  sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

export async function ticketPageRoutes(app: FastifyInstance, options: TicketPageOptions) {
  app.get<{ Params: { code: string } }>(
    ticketPage,
    // Logged at warn only, like the personal page: the address carries the ticket's code. The page
    // never links to the person's own page: whoever sees a ticket (the door, a photo of its QR)
    // must not be able to cancel it (decision 0178).
    {
      logLevel: 'warn',
      config: { audience: audiences.public, compress: compressPage },
      schema: routeSchema({
        summary: 'The ticket page: the QR code the door scans, and the calendar links',
        params: codeParams,
        response: {
          200: htmlAnswer('The ticket (or why it no longer opens the door), without script.'),
          404: notFoundPageAnswer,
        },
      }),
    },
    async (request, reply) => {
      personal(reply);
      const { code } = request.params;
      const found = await ticketByCode(app, code);
      if (!found) return options.sendNotFound(request, reply);
      const { ticket, event, currentEdition } = found;
      const { publicUrl } = app.config;
      const ticketUrl = ticketPageUrl(publicUrl, code);
      const html = await options.render({
        ticket,
        event,
        ticketUrl,
        qrSvg: await qrCodeSvg(ticketUrl),
        calendarPath: withCode(ticketCalendar, code),
        googleCalendarUrl: googleCalendarUrl({ event, ticketUrl }),
        expired: !currentEdition
          ? 'past_edition'
          : eventEndsAt(event).getTime() <= Date.now()
            ? 'event_over'
            : null,
      });
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );
}
