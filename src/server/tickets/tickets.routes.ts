// The ticket for anyone holding its code: GET /api/tickets/:code (JSON) and its calendar file,
// GET /ingresso/:code/evento.ics. Public: the code, 128 random bits, is the key. Personal (a name,
// a company), so never cached, and kept out of search engines.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorTable } from '../../shared/api-error.ts';
import { api, ticketCalendar } from '../../shared/paths.ts';
import { audiences } from '../audience.ts';
import { sendError } from '../http-errors.ts';
import { routeSchema } from '../route-schema.ts';
import { ticketSchema } from '../../shared/ticket.schema.ts';
import { ticketCalendarFile } from './event-calendar.ts';
import { isTicketCode } from '../../shared/ticket-code.ts';
import { findTicket, type FoundTicket } from './tickets.repository.ts';

type CodeRequest = { Params: { code: string } };

/** The headers of everything a ticket's code opens. */
export function personal(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
}

/**
 * The ticket with this code and its edition's settings, or undefined (a code of the wrong shape
 * is looked up nowhere).
 */
export function ticketByCode(app: FastifyInstance, code: string): Promise<FoundTicket | undefined> {
  return isTicketCode(code)
    ? findTicket(app.db.kysely, code, (id) => app.editions.settingsOf(id))
    : Promise.resolve(undefined);
}

/** A ticket's code: the key to it (128 random bits), so the address is logged at warn only. */
export const codeParams = z.object({
  code: z.string().describe("The ticket's code, as its QR code and its link carry it."),
});

export async function ticketsRoutes(app: FastifyInstance) {
  // Logged at warn only: the address carries the ticket's code (decision 0130).
  const forAnyone = { logLevel: 'warn', config: { audience: audiences.public } } as const;

  app.get<CodeRequest>(
    api.ticket,
    {
      ...forAnyone,
      schema: routeSchema({
        summary: 'A ticket, for anyone holding its code',
        params: codeParams,
        response: { 200: ticketSchema },
        errors: [errorTable.ticketNotFound],
      }),
    },
    async (request, reply) => {
      personal(reply);
      const found = await ticketByCode(app, request.params.code);
      return found?.ticket ?? sendError(reply, errorTable.ticketNotFound);
    },
  );

  app.get<CodeRequest>(
    ticketCalendar,
    {
      ...forAnyone,
      schema: routeSchema({
        summary: "A ticket's event in a calendar file (.ics)",
        params: codeParams,
        response: {
          200: {
            description: 'The event, as an attachment named evento.ics.',
            content: { 'text/calendar': { schema: z.string() } },
          },
        },
        errors: [errorTable.ticketNotFound],
      }),
    },
    async (request, reply) => {
      personal(reply);
      const { code } = request.params;
      const found = await ticketByCode(app, code);
      if (!found) return sendError(reply, errorTable.ticketNotFound);
      const file = ticketCalendarFile(found.event, app.config.publicUrl, code);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="evento.ics"')
        .send(file);
    },
  );
}
