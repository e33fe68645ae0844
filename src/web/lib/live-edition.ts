// The current edition as both live streams tell it (with `ready` and `reset`, and in each
// `edition` message): its id and revision, and its settings as that stream's audience gets them
// (the door's without the messages' texts).
import { z } from 'zod';

/** The edition with `event` checked by `eventSchema`; null for anything else. */
export function parseLiveEdition<S extends z.ZodType>(eventSchema: S, edition: unknown) {
  const parsed = z
    .object({ id: z.string(), revision: z.number().int(), event: eventSchema })
    .safeParse(edition);
  return parsed.success ? parsed.data : null;
}
