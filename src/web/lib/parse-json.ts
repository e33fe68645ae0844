// Text from outside (a live stream's message, a saved draft) read as one of our shapes.
import type { z } from 'zod';

/** The value `text` holds if it is JSON of the schema's shape; null otherwise. */
export function parseJsonAs<S extends z.ZodType>(schema: S, text: string): z.output<S> | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
