// What the organizer has typed on the 'Evento' form and not saved yet, kept in this tab's
// sessionStorage: switching to another screen, a reload, or a session that expired before 'Salvar'
// (back through the login form) loses nothing. Dropped once saved, discarded, or on 'Sair'.
// Kept with the settings it was typed over: settings saved meanwhile (another organizer, a new
// edition) then show in the fields the draft did not change, instead of being saved back over.
import type { EventSettings } from '@shared/event-settings.schema.ts';
import type { SaveVersion } from './save-version.ts';
import type { SettingsFormValues } from './settings-form-values.ts';

const draftKey = 'painel:evento-rascunho';

export interface SettingsDraft {
  values: SettingsFormValues;
  /** The saved settings the values were typed over. */
  base: EventSettings;
  /** The version a save names (decision 0196); a draft from an older panel has none. */
  saveVersion?: SaveVersion;
}

/** The draft, when there is one and it still has every field the form has now. */
export function readSettingsDraft(fields: readonly string[]): SettingsDraft | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(draftKey) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { values, base, saveVersion } = parsed as {
      values?: Record<string, unknown>;
      base?: unknown;
      saveVersion?: SaveVersion;
    };
    if (typeof values !== 'object' || values === null) return null;
    if (typeof base !== 'object' || base === null) return null;
    if (!fields.every((field) => typeof values[field] === 'string' && field in base)) return null;
    return {
      values: Object.fromEntries(fields.map((f) => [f, values[f]])) as SettingsFormValues,
      base: base as EventSettings,
      saveVersion:
        typeof saveVersion?.behind === 'boolean' &&
        (typeof saveVersion.version === 'string' || saveVersion.version === null)
          ? saveVersion
          : undefined,
    };
  } catch {
    // Storage refused, or a draft written by an older panel: the saved settings show.
    return null;
  }
}

export function writeSettingsDraft(draft: SettingsDraft): void {
  try {
    sessionStorage.setItem(draftKey, JSON.stringify(draft));
  } catch {
    // Private mode or quota: the values stay on screen, only a reload would lose them.
  }
}

export function clearSettingsDraft(): void {
  try {
    sessionStorage.removeItem(draftKey);
  } catch {
    // As above.
  }
}
