// A ticket as anyone holding its code may see it (GET /api/tickets/:code, the page
// /ingresso/<code>): the person's name and company and the check-in state. No phone, no e-mail.
import { z } from 'zod';
import { attendeeSchema } from './door.schema.ts';

export const ticketSchema = attendeeSchema.pick({
  nome_completo: true,
  nome_compania: true,
  ticket_code: true,
  checked_in_at: true,
});
export type Ticket = z.output<typeof ticketSchema>;
