// What the visitor has typed, kept in this tab's sessionStorage until the registration goes
// through: a reload, a look at the privacy page or a dropped connection loses nothing.
import { getCountries, type CountryCode } from '@shared/phone.ts';
import { confirmacaoOptions, levarAlguemOptions } from '@shared/registration.fields.ts';
import type { RegistrationFormValues } from './registration-submission.ts';

export const draftKey = 'inscricao:rascunho';

/** Everything but the honeypot: a bot's value has no business surviving a reload. */
export type Draft = Omit<RegistrationFormValues, 'website'>;

const textFields = ['nome_completo', 'whatsapp', 'email', 'nome_compania'] as const;
const choices = {
  levar_alguem: ['', ...levarAlguemOptions],
  confirmacao: ['', ...confirmacaoOptions],
} as const;

/** The draft in `text`, or null when there is none or it is not one of ours. */
export function parseDraft(text: string | null): Draft | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  const countries: readonly string[] = getCountries();
  if (typeof record.country !== 'string' || !countries.includes(record.country)) return null;
  for (const field of textFields) {
    if (typeof record[field] !== 'string' || (record[field] as string).length > 1000) return null;
  }
  for (const [field, values] of Object.entries(choices)) {
    if (!(values as readonly unknown[]).includes(record[field])) return null;
  }
  return {
    nome_completo: record.nome_completo as string,
    whatsapp: record.whatsapp as string,
    country: record.country as CountryCode,
    email: record.email as string,
    nome_compania: record.nome_compania as string,
    levar_alguem: record.levar_alguem as Draft['levar_alguem'],
    confirmacao: record.confirmacao as Draft['confirmacao'],
  };
}

export function serializeDraft(values: RegistrationFormValues): string {
  const { website: _honeypot, ...draft } = values;
  return JSON.stringify(draft);
}

// Storage can be missing or refuse (private mode, quota): the form works without it.
export function readDraft(): Draft | null {
  try {
    return parseDraft(sessionStorage.getItem(draftKey));
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
