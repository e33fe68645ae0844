// The first start's event step (issue 33.7, decision 0227), as GET /api/admin/first-start and its
// 'Pular' answer it.
import { z } from 'zod';

export const firstStartSchema = z.object({
  /** True while the screen that asks for the event's name, date and place is owed. */
  pending: z.boolean(),
});
export type FirstStart = z.infer<typeof firstStartSchema>;
