// The event's settings, listed once: the schema the server checks EVENT_CONFIG with, and the
// EventConfig type inferred from it. Only the server imports this file (and the admin side may):
// the public pages take the type alone (`import type`, erased at build), so no zod reaches
// their budget (decisions 0016, 0072).
import { z } from 'zod';

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const eventConfigSchema = z.strictObject({
  name: z.string().min(1),
  tagline: z.string().min(1),
  /** Calendar date of the event, `YYYY-MM-DD`, in the event's time zone. */
  date: z.iso.date(),
  /** Start time, `HH:MM` (24 h), in the event's time zone. */
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'use HH:MM'),
  timeZone: z.string().refine(isTimeZone, 'unknown time zone'),
  /** How long it lasts, for calendars ('Adicionar à agenda'). */
  durationMinutes: z
    .number()
    .int()
    .positive()
    .max(7 * 24 * 60),
  venue: z.string().min(1),
  city: z.string().min(1),
  /** CSV export file names start with this. */
  csvPrefix: z.string().regex(/^[\w-]+$/, 'letters, digits, _ and - only'),
  /** Who collects the data, shown on the privacy page. */
  organizer: z.string().min(1),
  /** Where attendees ask for access to, or deletion of, their data. */
  contactEmail: z.email(),
  /** How many days after the event the registrations are kept. */
  retentionDays: z.number().int().positive(),
});

export type EventConfig = z.infer<typeof eventConfigSchema>;

/** The operator's EVENT_CONFIG file: any subset of the fields, laid over the defaults. */
export const eventConfigOverridesSchema = eventConfigSchema.partial();
