// The form's checks, with the same zod schema and messages as the server, plus the country the
// visitor picked for the phone: turns what was typed into the API's body or into messages for
// the fields, and reads a saved draft back. This chunk carries zod and the phone metadata, so
// the form loads it after its first paint (registration-form.tsx).
import '@/lib/zod-config.ts';
import countries from 'virtual:country-options';
import { z } from 'zod';
import { toE164 } from '@shared/phone.ts';
import { answerOptions, requiredFormFields } from '@shared/registration.fields.ts';
import {
  fieldErrors,
  honeypotField,
  messages,
  newRegistrationSchemaIn,
  type NewRegistrationInput,
} from '@shared/registration.schema.ts';
import type { Draft } from './form-draft.ts';
import { formFieldErrors, type FieldErrors, type RegistrationFormValues } from './form-values.ts';

/** The JSON the API receives: the schema's input, with the phone already in E.164. */
export type RegistrationBody = Required<NewRegistrationInput>;

export type Submission =
  | { ok: true; body: RegistrationBody }
  | { ok: false; errors: FieldErrors; missingRequired: boolean };

/** Each field of `fields` with its value from `values`, trimmed when `trim`. */
function pick<F extends string>(values: Record<F, string>, fields: readonly F[], trim: boolean) {
  return Object.fromEntries(
    fields.map((field) => [field, trim ? values[field].trim() : values[field]]),
  ) as Record<F, string>;
}

export function prepareSubmission(values: RegistrationFormValues): Submission {
  const text = pick(values, requiredFormFields, true);
  const errors: FieldErrors = {};
  for (const field of requiredFormFields) {
    if (!text[field]) errors[field] = messages.required;
  }
  const missingRequired = Object.keys(errors).length > 0;

  const e164 = text.whatsapp ? toE164(text.whatsapp, values.country) : null;
  if (text.whatsapp && !e164) errors.whatsapp = messages.invalidPhone;

  const body = {
    ...text,
    whatsapp: e164 ?? text.whatsapp,
    ...pick(values, Object.keys(answerOptions) as (keyof typeof answerOptions)[], false),
    [honeypotField]: values[honeypotField],
  } as RegistrationBody;
  const parsed = newRegistrationSchemaIn(values.country).safeParse(body);
  if (!parsed.success) {
    for (const [field, message] of Object.entries(formFieldErrors(fieldErrors(parsed.error)))) {
      errors[field as keyof FieldErrors] ??= message;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors, missingRequired };
  return { ok: true, body };
}

const countryCodes = countries.map((country) => country.code) as [string, ...string[]];

/** A saved draft: each field as typed, each question's answer, and the country. */
const draftSchema = z.object({
  ...Object.fromEntries(requiredFormFields.map((field) => [field, z.string().max(1000)])),
  ...Object.fromEntries(
    Object.entries(answerOptions).map(([field, options]) => [field, z.enum(['', ...options])]),
  ),
  country: z.enum(countryCodes),
});

/** The draft in `text`, or null when there is none or it is not one of ours. */
export function parseDraft(text: string | null): Draft | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = draftSchema.safeParse(data);
  return parsed.success ? (parsed.data as Draft) : null;
}
