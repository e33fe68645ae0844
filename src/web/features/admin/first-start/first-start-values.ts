// The first start's event screen as values (decision 0228): the seven fields it asks for, where
// they start, and the settings they make once laid over the current ones.
import { defaultEvent } from '@shared/event.ts';
import { isTimeZone } from '@shared/event-fields.ts';
import type { EventSettings, EventSettingsInput } from '@shared/event-settings.schema.ts';
import { phoneCountryOfZone } from '@shared/time-zone-names.ts';

export const firstStartFields = [
  'name',
  'date',
  'time',
  'timeZone',
  'city',
  'venue',
  'phoneCountry',
] as const;
export type FirstStartField = (typeof firstStartFields)[number];
export type FirstStartValues = Record<FirstStartField, string>;

/** Left empty while they hold the example event's: the organizer types their own. */
const typedFresh = ['name', 'date', 'city', 'venue'] as const;

/** The country whose phones an event in `zone` most likely has; else the one chosen so far. */
export function proposedCountry(zone: string, current: string): string {
  return phoneCountryOfZone(zone) ?? current;
}

/**
 * Where the screen starts: the settings as they are, but the example's name, date and place left
 * empty, the example's zone replaced by this browser's own (an organizer sets up their site from
 * where the event usually is), and the example's country by the one that zone proposes. Whatever
 * EVENT_CONFIG or an earlier save set shows as it is.
 */
export function firstStartValues(settings: EventSettings, browserZone?: string): FirstStartValues {
  const isExample = (field: keyof EventSettings) => settings[field] === defaultEvent[field];
  // 'UTC' and 'Etc/…' name no place: a server's, or a browser that will not tell.
  const placeZone =
    browserZone &&
    isTimeZone(browserZone) &&
    browserZone.includes('/') &&
    !/^Etc\//.test(browserZone)
      ? browserZone
      : undefined;
  const timeZone = isExample('timeZone') && placeZone ? placeZone : settings.timeZone;
  const values: FirstStartValues = {
    name: settings.name,
    date: settings.date,
    time: settings.time,
    timeZone,
    city: settings.city,
    venue: settings.venue,
    phoneCountry: isExample('phoneCountry')
      ? proposedCountry(timeZone, settings.phoneCountry)
      : settings.phoneCountry,
  };
  for (const field of typedFresh) if (isExample(field)) values[field] = '';
  return values;
}

/** The settings with the screen's values in place: the body of the event's own save. */
export function withFirstStart(
  settings: EventSettings,
  values: FirstStartValues,
): EventSettingsInput {
  return { ...settings, ...values };
}
