// The event the server configured. The server validates the operator's file at boot, renders
// the public pages with it, and puts it into the page as JSON; the browser reads that JSON once
// (main.tsx) and hands it down with <EventProvider>, so the server's HTML and the hydrated page
// agree. Under `vite dev` there is no JSON: the defaults.
import { createContext, useContext } from 'react';
import { defaultEvent, type EventConfig } from '@shared/event.ts';

export const eventConfigElementId = 'event-config';

export function readEventConfig(): EventConfig {
  if (typeof document === 'undefined') return defaultEvent;
  const text = document.getElementById(eventConfigElementId)?.textContent ?? '';
  try {
    const served: unknown = JSON.parse(text);
    if (typeof served === 'object' && served !== null) return { ...defaultEvent, ...served };
  } catch {
    // Not served by our server: the defaults.
  }
  return defaultEvent;
}

const EventContext = createContext<EventConfig>(defaultEvent);

export const EventProvider = EventContext.Provider;

/** The configured event: name, date, venue… */
export function useEvent(): EventConfig {
  return useContext(EventContext);
}
