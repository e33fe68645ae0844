// What people answered the reminders (issue 35.5), as GET /api/admin/reminder-answers serves it for
// 'Resultados': before the event, who said they will come, who cancelled after a reminder and how
// many seats that passed to the waiting list. Attendance by answer, after the event, is counted
// from the registrations themselves (their `rsvp`).
import { z } from 'zod';

export const reminderAnswersSchema = z.object({
  /** People a reminder was queued for (any channel). */
  reminded: z.number(),
  /** Confirmed now, and answered 'Vou comparecer' (WhatsApp or the e-mail's link). */
  saidYes: z.number(),
  /** Cancelled by themselves after their first reminder was queued. */
  cancelledAfterReminder: z.number(),
  /** Of those, the ones whose seat went to the waiting list's first. */
  seatsPassed: z.number(),
});
export type ReminderAnswers = z.output<typeof reminderAnswersSchema>;
