// What the visitor typed into the registration form, turned into the API's body or into messages
// for the fields, with the same zod schema and messages as the API: run by the form's script
// before it sends, and by the server for the form the browser posts itself (POST /convite,
// decision 0209). This file carries zod and the phone metadata: the form's script loads it after
// its first paint (form-checks.ts).
import { toE164, type CountryCode } from './phone.ts';
import {
  answerOptions,
  formFieldErrors,
  honeypotField,
  requiredFormFields,
  type AnswerField,
  type FieldErrors,
  type RequiredFormField,
} from './registration.fields.ts';
import {
  fieldErrors,
  messages,
  newRegistrationSchemaIn,
  type NewRegistrationInput,
} from './registration.schema.ts';

/** Each field as typed (the phone in the national format of `country`), each question's answer. */
export type RegistrationFormValues = Record<RequiredFormField, string> & {
  [field in AnswerField]: '' | (typeof answerOptions)[field][number];
} & {
  country: CountryCode;
  /** The honeypot: people never see it, so it stays empty. */
  [honeypotField]: string;
};

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
    ...pick(values, Object.keys(answerOptions) as AnswerField[], false),
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
