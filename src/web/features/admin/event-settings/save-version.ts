// Which version of the settings a save from the 'Evento' form names in If-Match (decision 0196,
// amending 0215): the one its fields were started from, moved on with each save heard from
// elsewhere that changed none of the fields typed here. A save heard that changed a field typed
// here too leaves it behind for good, so 'Salvar' is refused (settings_changed) instead of
// writing over the other person's change without either of them knowing.
import type { EventSettings } from '@shared/event-settings.schema.ts';
import { formValues, type SettingsField, type SettingsFormValues } from './settings-form-values.ts';

export interface SaveVersion {
  /** The ETag to send; null when none was said (then the save goes without If-Match). */
  version: string | null;
  /** A save heard from elsewhere changed a field typed here: the version no longer moves. */
  behind: boolean;
}

/**
 * Whether `after`, saved elsewhere while the form showed `values` started from `before`, changed
 * a field typed here to something else than what was typed.
 */
export function clashes(
  values: SettingsFormValues,
  before: EventSettings,
  after: EventSettings,
): boolean {
  const was = formValues(before);
  const now = formValues(after);
  return (Object.keys(now) as SettingsField[]).some(
    (field) =>
      values[field] !== was[field] && now[field] !== was[field] && values[field] !== now[field],
  );
}

/** The version to save over once `after` (at `version`) replaced `before` under the form. */
export function followVersion(
  current: SaveVersion,
  values: SettingsFormValues,
  before: EventSettings,
  after: { settings: EventSettings; version: string | null },
): SaveVersion {
  if (current.behind) return current;
  if (clashes(values, before, after.settings)) return { ...current, behind: true };
  return { version: after.version, behind: false };
}
