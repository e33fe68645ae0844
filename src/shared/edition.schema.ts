// Editions: each run of the event, with its own settings and its own registrations. One is
// current (the public pages serve it, registrations join it, the door admits its tickets); the
// others are past, kept read-only until their retention ends. The API's shapes for them, and
// for the settings' change history.
import { z } from 'zod';
import {
  eventDateSchema,
  eventNameSchema,
  eventSettingsSchema,
  eventTimeSchema,
} from './event-settings.schema.ts';
import { eventFieldMessages as messages } from './event-fields.ts';

/**
 * The body of POST /api/admin/editions: the next edition starts from the current one's settings,
 * with this date and this name (both required: two editions never share a name, decision 0217),
 * and this time when given.
 */
export const newEditionSchema = z.strictObject(
  {
    name: eventNameSchema,
    date: eventDateSchema,
    time: eventTimeSchema.optional(),
  },
  { error: messages.unknownField },
);
export type NewEdition = z.output<typeof newEditionSchema>;
export type NewEditionInput = z.input<typeof newEditionSchema>;

/** One edition as GET /api/admin/editions lists it (newest first) and POST answers it. */
export const editionSchema = z.object({
  /** A UUID. */
  id: z.string(),
  /** The one the public pages serve and registrations join. */
  current: z.boolean(),
  /** ISO 8601 UTC: when the edition was made (the first: when the database was). */
  created_at: z.string(),
  /** How many registrations it holds now. */
  registrations: z.number(),
  /**
   * How many of them are pending or confirmed: the people a new edition would leave read-only
   * (the panel asks first while the event is still to come, decision 0217).
   */
  pending_or_confirmed: z.number(),
  /** Its settings, as GET /api/admin/event serves the current one's. */
  event: eventSettingsSchema,
});
export type Edition = z.output<typeof editionSchema>;

export const eventChangeActions = ['created', 'updated'] as const;
export type EventChangeAction = (typeof eventChangeActions)[number];

/** One change to an edition's settings (GET /api/admin/editions/:id/changes), oldest first. */
export const eventChangeSchema = z.object({
  id: z.number(),
  edition_id: z.string(),
  /** `created`: the edition was made (from EVENT_CONFIG, an upgrade, or 'Nova edição'). */
  action: z.enum(eventChangeActions),
  /** The settings' names that changed (for `created`: the ones given, or none). */
  fields: z.array(z.string()),
  /** The account's e-mail then; null when the server did it (the first edition's seed). */
  actor: z.string().nullable(),
  /** ISO 8601 UTC. */
  at: z.string(),
});
export type EventChange = z.output<typeof eventChangeSchema>;

/** Two names the same edition's, to a person: capitals and runs of spaces aside. */
export function sameEditionName(a: string, b: string): boolean {
  const plain = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('pt-BR');
  return plain(a) === plain(b);
}
