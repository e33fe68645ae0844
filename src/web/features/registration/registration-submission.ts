// Turns what the visitor typed into the API's body, or into messages for the fields: the same
// zod schema and messages as the server, plus the country the visitor picked for the phone.
import { apiErrors } from '@shared/api-error.ts';
import { toE164, type CountryCode } from '@shared/phone.ts';
import type { Confirmacao, LevarAlguem } from '@shared/registration.fields.ts';
import {
  fieldErrors,
  honeypotField,
  messages,
  newRegistrationSchema,
  type RegistrationField,
} from '@shared/registration.schema.ts';

export interface RegistrationFormValues {
  nome_completo: string;
  /** As typed, in the national format of `country` (or with its own '+' code). */
  whatsapp: string;
  country: CountryCode;
  email: string;
  nome_compania: string;
  levar_alguem: '' | LevarAlguem;
  confirmacao: '' | Confirmacao;
  /** The honeypot: people never see it, so it stays empty. */
  [honeypotField]: string;
}

/** The JSON the API receives. */
export interface RegistrationBody {
  nome_completo: string;
  /** E.164: '+15085551234'. */
  whatsapp: string;
  email: string;
  nome_compania: string;
  levar_alguem: '' | LevarAlguem;
  confirmacao: '' | Confirmacao;
  [honeypotField]: string;
}

export type FieldErrors = Partial<Record<RegistrationField, string>>;

export type Submission =
  | { ok: true; body: RegistrationBody }
  | { ok: false; errors: FieldErrors; missingRequired: boolean };

export const requiredFields = ['nome_completo', 'whatsapp', 'email', 'nome_compania'] as const;

/** The fields in the order the form shows them: the first with a problem gets the focus. */
export const fieldOrder: readonly RegistrationField[] = [
  'nome_completo',
  'whatsapp',
  'email',
  'nome_compania',
  'levar_alguem',
  'confirmacao',
];

export const registrationTexts = {
  errorTitle: 'Erro',
  missingRequired: 'Por favor, preencha todos os campos obrigatórios.',
  /** A field filled in but not valid: the words of the server's 400 for the same problem. */
  invalidFields: apiErrors.validation,
  failed: 'Não foi possível realizar a inscrição. Tente novamente.',
  successTitle: 'Inscrição realizada! 🎉',
  successDescription: 'Em breve você receberá seu ingresso via WhatsApp.',
} as const;

export function emptyValues(country: CountryCode): RegistrationFormValues {
  return {
    nome_completo: '',
    whatsapp: '',
    country,
    email: '',
    nome_compania: '',
    levar_alguem: '',
    confirmacao: '',
    [honeypotField]: '',
  };
}

function isFormField(key: string): key is RegistrationField {
  return (fieldOrder as readonly string[]).includes(key);
}

/** Keeps the messages that belong to a field of the form (the server may name others). */
export function formFieldErrors(fields: Record<string, string> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    if (isFormField(key)) errors[key] = message;
  }
  return errors;
}

export function firstInvalidField(errors: FieldErrors): RegistrationField | undefined {
  return fieldOrder.find((field) => errors[field]);
}

/**
 * The 'Erro' toast's description when the form refuses to send: the spec's text for an empty
 * required field; otherwise trying again will not help until the highlighted fields change.
 */
export function refusalDescription(refused: { missingRequired: boolean }): string {
  return refused.missingRequired
    ? registrationTexts.missingRequired
    : registrationTexts.invalidFields;
}

export function prepareSubmission(values: RegistrationFormValues): Submission {
  const trimmed = {
    nome_completo: values.nome_completo.trim(),
    whatsapp: values.whatsapp.trim(),
    email: values.email.trim(),
    nome_compania: values.nome_compania.trim(),
  };
  const errors: FieldErrors = {};
  for (const field of requiredFields) {
    if (!trimmed[field]) errors[field] = messages.required;
  }
  const missingRequired = Object.keys(errors).length > 0;

  const e164 = trimmed.whatsapp ? toE164(trimmed.whatsapp, values.country) : null;
  if (trimmed.whatsapp && !e164) errors.whatsapp = messages.invalidPhone;

  const body: RegistrationBody = {
    ...trimmed,
    whatsapp: e164 ?? trimmed.whatsapp,
    levar_alguem: values.levar_alguem,
    confirmacao: values.confirmacao,
    [honeypotField]: values[honeypotField],
  };
  const parsed = newRegistrationSchema.safeParse(body);
  if (!parsed.success) {
    for (const [field, message] of Object.entries(formFieldErrors(fieldErrors(parsed.error)))) {
      errors[field as RegistrationField] ??= message;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors, missingRequired };
  return { ok: true, body };
}
