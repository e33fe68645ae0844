// The certificate's settings as the 'Evento' form holds them: one setting, an object, kept as its
// JSON (settings-form-values.ts). What is typed is kept as typed until saved: hours that are no
// number stay as their text, for the shared schema to refuse at the field.
import {
  certificateMessages,
  certificateSettingsSchema,
} from '@shared/certificate-settings.schema.ts';
import {
  defaultCertificateSettings,
  type CertificateSettingsShape,
} from '@shared/certificate-text.ts';

export type Signer = CertificateSettingsShape['signers'][number];

/** As held: `hours` may be the text typed when it is no number. */
export type HeldCertificate = Omit<CertificateSettingsShape, 'hours'> & {
  hours: number | string | null;
};

/** The settings as the form holds them; an unreadable value (never typed here) as the defaults. */
export function certificateOf(json: string): HeldCertificate {
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null) return defaultCertificateSettings;
    const held = { ...defaultCertificateSettings, ...(value as Partial<HeldCertificate>) };
    return { ...held, signers: Array.isArray(held.signers) ? held.signers : [] };
  } catch {
    return defaultCertificateSettings;
  }
}

/** '7,5' or '7.5': 7.5; empty: null (the event's duration); anything else stays as typed. */
export function hoursFromText(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,4}([.,]\d{1,3})?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : text;
}

/** The hours as the field shows them: 7.5 as '7,5'. */
export function hoursText(hours: number | string | null): string {
  if (hours === null) return '';
  return typeof hours === 'number' ? String(hours).replace('.', ',') : hours;
}

/** The signers' fields shown: the first always (blank when none is set), the second when added. */
export function shownSigners(signers: readonly Signer[]): Signer[] {
  return signers.length > 0 ? [...signers] : [{ name: '', role: '' }];
}

/** The signers to hold once the shown ones changed: a lone blank first signer is none. */
export function heldSigners(shown: readonly Signer[]): Signer[] {
  const [first] = shown;
  if (shown.length === 1 && first && first.name === '' && first.role === '' && !first.image)
    return [];
  return [...shown];
}

export type CertificateErrors = Partial<Record<string, string>>;

/**
 * Each part's error ('hours', 'text', 'signers', 'signers.0.name'...), found again from the
 * schema: the form's errors name only the whole setting.
 */
export function certificateErrors(held: HeldCertificate): CertificateErrors {
  const parsed = certificateSettingsSchema.safeParse(held);
  const errors: CertificateErrors = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= issue.message;
  }
  // The schema checks the whole only once every part is right: said at once, with the others.
  if (held.enabled === true && held.signers.length === 0)
    errors.signers ??= certificateMessages.signers;
  return errors;
}
