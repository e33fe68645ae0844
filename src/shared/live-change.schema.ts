// The live stream's message (GET /api/admin/events, SSE event `change`, whose `id:` is the
// change's sequence number): one per change to a registration. The server writes it, the panel
// parses it with this schema.
import { z } from 'zod';
import { registrationSchema } from './registration.schema.ts';

/** What happened to the registration; the server's live_changes table stores the same words. */
export const liveChangeTypes = ['created', 'updated', 'deleted'] as const;
export type LiveChangeType = (typeof liveChangeTypes)[number];

export const registrationChangeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.enum(['created', 'updated']), registration: registrationSchema }),
  z.object({ type: z.literal('deleted'), id: z.string() }),
]);

export type RegistrationChange = z.output<typeof registrationChangeSchema>;
