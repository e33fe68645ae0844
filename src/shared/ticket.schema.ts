// A ticket as anyone holding its code may see it (GET /api/tickets/:code, the page
// /ingresso/<code>): the person's name and company, the check-in state, and the event it is
// for. No phone, no e-mail.
import { z } from 'zod';
import { attendeeSchema } from './door.schema.ts';

export const ticketSchema = attendeeSchema
  .pick({
    nome_completo: true,
    nome_compania: true,
    ticket_code: true,
    checked_in_at: true,
  })
  .extend({
    /** The event's details as the site shows them (src/shared/event.ts). */
    event: z.object({
      name: z.string(),
      /** `YYYY-MM-DD` and `HH:MM`, in `timeZone`. */
      date: z.string(),
      time: z.string(),
      timeZone: z.string(),
      venue: z.string(),
      city: z.string(),
    }),
  });
export type Ticket = z.output<typeof ticketSchema>;
