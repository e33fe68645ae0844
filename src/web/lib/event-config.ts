// The event the server configured, read from the JSON the server puts into index.html.
import { defaultEvent, eventConfigSchema, type EventConfig } from '@shared/event.ts';

function readEventConfig(): EventConfig {
  const text = document.getElementById('event-config')?.textContent ?? '';
  try {
    const parsed = eventConfigSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Not served by our server (vite dev): the defaults.
  }
  return defaultEvent;
}

export const event: EventConfig = readEventConfig();
