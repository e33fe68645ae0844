// Who did what to a registration (GET /api/admin/registrations/:id/audit), oldest first. A
// deletion leaves one entry with ids only: the person's other entries go with them.
import { z } from 'zod';
import { messageChannels, messageKinds } from './message.schema.ts';

export const auditActions = [
  'confirmed',
  'ticket_sent',
  'checked_in',
  'check_in_undone',
  'deleted',
  // Seats and the waiting list (decision 0130).
  /** An organizer cancelled it. */
  'cancelled',
  /**
   * The person cancelled it (no account: actor null): through their own link, or answering a
   * message on WhatsApp ('Sim, cancelar': `message` names it).
   */
  'withdrawn',
  /** An organizer restored a cancelled registration (confirmed again). */
  'restored',
  /** A freed seat moved it off the waiting list (confirmed, or pending in approval mode). */
  'promoted',
  /** An organizer asked for a message again (one registration's, or the failed ones in bulk). */
  'message_resent',
  /** Its certificate of attendance was issued (by the job: actor null; or by an organizer). */
  'certificate_issued',
  /** An organizer revoked its certificate (issue 36.2). */
  'certificate_revoked',
  /** The person answered 'Vou comparecer' (WhatsApp or their page; issue 35.2): actor null. */
  'attendance_confirmed',
  /** The person's own cancellation moved the waiting list's first into their seat (issue 35.5). */
  'seat_passed',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEntrySchema = z.object({
  id: z.number(),
  registration_id: z.string(),
  action: z.enum(auditActions),
  /** The account's e-mail; null when no account did it (a job of the server's own). */
  actor: z.string().nullable(),
  /** ISO 8601 UTC: when it happened (for a check-in made offline, when the ticket was scanned). */
  at: z.string(),
  /**
   * Which message was sent again (`message_resent`), or answered to cancel (`withdrawn` on
   * WhatsApp); null for every other entry.
   */
  message: z.object({ kind: z.enum(messageKinds), channel: z.enum(messageChannels) }).nullable(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;
