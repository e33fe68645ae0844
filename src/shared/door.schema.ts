// The door's contract (issue 10): what a door phone receives and sends. A door account sees
// names and companies, never a phone or an e-mail: every shape here is built without them.
// The server writes these, the check-in screen parses them with these schemas.
import { z } from 'zod';
import { registrationSchema } from './registration.schema.ts';
import { ticketCodeSchema } from './ticket-code.ts';

/**
 * A registration of the current edition as the door sees it (GET /api/door/attendees, the door's
 * stream): every state, so a name searched at the door is found and its state said (issue 31.8).
 */
export const attendeeSchema = registrationSchema
  .pick({
    id: true,
    nome_completo: true,
    nome_compania: true,
    status: true,
    ticket_code: true,
    checked_in_at: true,
    checked_in_by: true,
  })
  .extend({
    /** Only a confirmed person's: the door holds no ticket that would not let anyone in. */
    ticket_code: ticketCodeSchema.nullable(),
  });
export type Attendee = z.output<typeof attendeeSchema>;

/**
 * DELETE /api/door/check-ins/:id: the attendee as it now is, and whether a certificate of
 * attendance stands for them (issue 36.4): an entry undone after issue leaves the certificate, and
 * the panel asks the organizer whether to revoke it.
 */
export const undoneCheckInSchema = attendeeSchema.extend({
  certificate_issued: z
    .boolean()
    .describe('A certificate in force was issued to this person (revoke it apart).'),
});
export type UndoneCheckIn = z.output<typeof undoneCheckInSchema>;

/** When the phone decided, if it decided offline (ISO 8601); the server's now otherwise. */
const scannedAt = z.iso.datetime({ offset: true }).optional();

/**
 * POST /api/door/check-ins (header `Idempotency-Key`): by the QR's code, or found by name. `code`
 * is any short text: one not shaped like a ticket code (src/shared/ticket-code.ts) is answered as an
 * unknown ticket (404), not as a malformed request.
 */
export const checkInRequestSchema = z.union([
  z.strictObject({ code: z.string().min(1).max(200), scanned_at: scannedAt }),
  z.strictObject({ registration_id: z.string().min(1).max(64), scanned_at: scannedAt }),
]);
export type CheckInRequest = z.input<typeof checkInRequestSchema>;

/** Its 200 answer: let in now, or already in (when, by whom). */
export const checkInResultSchema = z.object({
  result: z.enum(['checked_in', 'already_checked_in']),
  registration: attendeeSchema,
  checked_in_at: z.string(),
  checked_in_by: z.string(),
});
export type CheckInResult = z.output<typeof checkInResultSchema>;

/** The door's live stream (GET /api/door/events, SSE event `change`, `id:` its sequence). */
export const attendeeChangeSchema = z.discriminatedUnion('type', [
  /** Registered, confirmed, checked in, undone, cancelled, renamed: the attendee as it is now. */
  z.object({ type: z.literal('upserted'), attendee: attendeeSchema }),
  /** Deleted: gone from the door's list. */
  z.object({ type: z.literal('removed'), id: z.string() }),
]);
export type AttendeeChange = z.output<typeof attendeeChangeSchema>;
