// What the organizer has typed on the 'Evento' form and not saved yet, kept in this tab's
// sessionStorage: switching to another screen, a reload, or a session that expired before 'Salvar'
// (back through the login form) loses nothing. Dropped once saved, discarded, or on 'Sair'.
import type { SettingsFormValues } from './settings-form-values.ts';

const draftKey = 'painel:evento-rascunho';

/** The draft, when there is one and it still has every field the form has now. */
export function readSettingsDraft(fields: readonly string[]): SettingsFormValues | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(draftKey) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const draft = parsed as Record<string, unknown>;
    if (!fields.every((field) => typeof draft[field] === 'string')) return null;
    return Object.fromEntries(fields.map((f) => [f, draft[f]])) as SettingsFormValues;
  } catch {
    // Storage refused, or a draft written by an older panel: the saved settings show.
    return null;
  }
}

export function writeSettingsDraft(values: SettingsFormValues): void {
  try {
    sessionStorage.setItem(draftKey, JSON.stringify(values));
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
