// The event the server configured, read from the JSON the server puts into index.html (it
// validated the operator's file at boot). Under `vite dev` there is none: the defaults.
import { defaultEvent, type EventConfig } from '@shared/event.ts';

function readEventConfig(): EventConfig {
  const text = document.getElementById('event-config')?.textContent ?? '';
  try {
    const served: unknown = JSON.parse(text);
    if (typeof served === 'object' && served !== null) return { ...defaultEvent, ...served };
  } catch {
    // Not served by our server: the defaults.
  }
  return defaultEvent;
}

export const event: EventConfig = readEventConfig();
