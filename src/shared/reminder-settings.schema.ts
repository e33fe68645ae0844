// `reminders` in the event's settings (issue 35.1): up to three, each some hours before the start.
// Audited and copied to the next edition with the other settings (the event's schema lists it).
import { z } from 'zod';
import { reminderLimits as limits, reminderMessages as messages } from './reminder-settings.ts';

const hoursBefore = z
  .number({ error: messages.hoursBefore })
  .int(messages.hoursBefore)
  .min(limits.minHours, messages.hoursBefore)
  .max(limits.maxHours, messages.hoursBefore);

export const remindersSchema = z
  .array(z.strictObject({ hoursBefore }, { error: messages.reminders }), {
    error: messages.reminders,
  })
  .max(limits.count, messages.tooMany)
  .superRefine((reminders, ctx) => {
    const hours = reminders.map((reminder) => reminder.hoursBefore);
    if (new Set(hours).size !== hours.length)
      ctx.addIssue({ code: 'custom', message: messages.repeated });
  });
