// What the visitor has typed, kept in this tab's sessionStorage until the registration goes
// through: a reload, a look at the privacy page or a dropped connection loses nothing. Reading a
// draft back is checked with zod (form-checks.ts, loaded after the first paint).
import type { RegistrationFormValues } from './form-values.ts';

export const draftKey = 'inscricao:rascunho';

/** Everything but the honeypot: a bot's value has no business surviving a reload. */
export type Draft = Omit<RegistrationFormValues, 'website'>;

export function serializeDraft(values: RegistrationFormValues): string {
  const { website: _honeypot, ...draft } = values;
  return JSON.stringify(draft);
}

// Storage can be missing or refuse (private mode, quota): the form works without it.
export function readDraftText(): string | null {
  try {
    return sessionStorage.getItem(draftKey);
  } catch {
    return null;
  }
}

export function writeDraft(values: RegistrationFormValues): void {
  try {
    sessionStorage.setItem(draftKey, serializeDraft(values));
  } catch {
    // Nothing to do: the values are still on screen.
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(draftKey);
  } catch {
    // As above.
  }
}
