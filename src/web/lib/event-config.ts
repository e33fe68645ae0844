// The event the server configured. The server validates the operator's file at boot, renders
// the public pages with it, and puts it into the page as JSON, with its dates already formatted
// (EventDates); the browser reads both once (main.tsx) and hands them down with <EventProvider>
// and <EventDatesProvider>, so the server's HTML and the hydrated page agree. Under `vite dev`
// there is no JSON: the defaults, and dates formatted here.
import { createContext, useContext } from 'react';
import { defaultEventDetails, eventDates, type EventDates } from '@shared/event.ts';
import type { EventSettings } from '@shared/event-settings.schema.ts';

export const eventConfigElementId = 'event-config';
export const eventDatesElementId = 'event-dates';

function servedJson(elementId: string): object | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(elementId)?.textContent ?? '';
  try {
    const served: unknown = JSON.parse(text);
    if (typeof served === 'object' && served !== null) return served;
  } catch {
    // Not served by our server.
  }
  return undefined;
}

/**
 * The public pages are served the settings without the messages' texts (EventDetails), which
 * they never show; the admin page, whole (the WhatsApp button fills its text).
 */
export function readEventConfig(): EventSettings {
  return { ...defaultEventDetails, ...servedJson(eventConfigElementId) } as EventSettings;
}

export function readEventDates(event: EventSettings): EventDates {
  const served = servedJson(eventDatesElementId);
  return served && 'date' in served ? (served as EventDates) : eventDates(event);
}

const EventContext = createContext<EventSettings>(defaultEventDetails as EventSettings);

export const EventProvider = EventContext.Provider;

/** The configured event: name, date, venue… */
export function useEvent(): EventSettings {
  return useContext(EventContext);
}

const EventDatesContext = createContext<EventDates | undefined>(undefined);

export const EventDatesProvider = EventDatesContext.Provider;

/** The event's dates as the pages print them ('6 de dezembro de 2025'). */
export function useEventDates(): EventDates {
  const dates = useContext(EventDatesContext);
  if (!dates) throw new Error('useEventDates() outside <EventDatesProvider>');
  return dates;
}
