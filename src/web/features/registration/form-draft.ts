// What the visitor has typed, kept in this tab's sessionStorage until the registration goes
// through: a reload, a look at the privacy page or a dropped connection loses nothing. Reading a
// draft back is checked with zod (form-checks.ts, loaded after the first paint).
import type { RegistrationFormValues } from './form-values.ts';

export const draftKey = 'inscricao:rascunho';
/** The form's key while it is being sent (decision 0168): a resend after a lost answer reuses it. */
export const submissionStorageKey = 'inscricao:envio';
let keyWithoutStorage: string | undefined;

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
  keyWithoutStorage = undefined;
  try {
    sessionStorage.removeItem(draftKey);
    sessionStorage.removeItem(submissionStorageKey);
  } catch {
    // As above.
  }
}

/**
 * The key this form is sent under (the Idempotency-Key header): made on the first send and kept,
 * across a reload too, until the registration goes through. 128 random bits, base64url (22
 * characters); getRandomValues also works on a site served without https.
 */
export function submissionKey(): string {
  let key = keyWithoutStorage;
  try {
    key = sessionStorage.getItem(submissionStorageKey) ?? key;
  } catch {
    // Kept in memory only: still the same key for a resend from this page.
  }
  if (key) return key;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  key = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  try {
    sessionStorage.setItem(submissionStorageKey, key);
  } catch {
    keyWithoutStorage = key;
  }
  return key;
}
