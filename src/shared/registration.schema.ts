// The registration form's fields, limits and pt-BR messages: used by the form and by the API.
import { z } from 'zod';
import { toE164 } from './phone.ts';

export const fieldLimits = {
  nome_completo: 200,
  nome_compania: 200,
  email: 254,
  whatsapp: 32,
} as const;

/** A field people never see; a bot that fills it gets a fake success and nothing is stored. */
export const honeypotField = 'website';

export const messages = {
  required: 'Campo obrigatório.',
  tooLong: (max: number) => `Use no máximo ${max} caracteres.`,
  invalidEmail: 'Informe um e-mail válido, como nome@exemplo.com.',
  invalidPhone: 'Informe um número de WhatsApp válido para o país escolhido, com DDD.',
  invalidChoice: 'Escolha uma das opções.',
  notText: 'Envie este campo como texto.',
  unknownField: 'Campo desconhecido.',
} as const;

// The WHATWG rule for <input type="email">, so the browser and the server agree.
const whatwgEmail =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function isValidEmail(value: string): boolean {
  return value.length <= fieldLimits.email && whatwgEmail.test(value);
}

// Half of a UTF-16 pair ("\ud800" in JSON) is not text: SQLite would store it as U+FFFD.
const loneSurrogate = /\p{Cs}/u;
// C0 controls and DEL are not text either: no form field can hold them, PostgreSQL refuses NUL
// outright (a 500), and SQLite would store them. Checked after trimming, which drops a trailing
// tab or newline from a paste, and after a tab or line break inside (two spreadsheet cells
// pasted at once) has become a space.
// eslint-disable-next-line no-control-regex
const controlCharacter = /[\u0000-\u001f\u007f]/;

function isText(value: string): boolean {
  return !loneSurrogate.test(value) && !controlCharacter.test(value);
}

function requiredText(max: number) {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? messages.required : messages.notText),
    })
    .trim()
    .overwrite((value) => value.replace(/[\t\r\n]+/g, ' '))
    .min(1, messages.required)
    .max(max, messages.tooLong(max))
    .refine(isText, messages.notText);
}

function optionalChoice<T extends readonly [string, ...string[]]>(values: T) {
  return z
    .union([z.enum(values, { error: messages.invalidChoice }), z.literal(''), z.null()], {
      error: messages.invalidChoice,
    })
    .optional()
    .transform((value) => (value ? value : null));
}

export const registrationSchema = z.strictObject(
  {
    nome_completo: requiredText(fieldLimits.nome_completo),
    whatsapp: requiredText(fieldLimits.whatsapp).transform((value, ctx) => {
      const e164 = toE164(value, 'US');
      if (!e164) {
        ctx.addIssue({ code: 'custom', message: messages.invalidPhone });
        return z.NEVER;
      }
      return e164;
    }),
    email: requiredText(fieldLimits.email).refine(isValidEmail, messages.invalidEmail),
    nome_compania: requiredText(fieldLimits.nome_compania),
    levar_alguem: optionalChoice(['sim', 'nao'] as const),
    confirmacao: optionalChoice(['ok', 'agenda'] as const),
    [honeypotField]: z
      .string({ error: messages.notText })
      .max(200)
      .refine(isText, messages.notText)
      .optional(),
  },
  { error: messages.unknownField },
);

export type RegistrationInput = z.input<typeof registrationSchema>;
export type NewRegistration = z.output<typeof registrationSchema>;
export type RegistrationField = Exclude<keyof NewRegistration, typeof honeypotField>;

export const registrationStatuses = ['pending', 'confirmed'] as const;
export type RegistrationStatus = (typeof registrationStatuses)[number];

/** A stored registration as the API returns it. */
export interface Registration {
  id: string;
  nome_completo: string;
  whatsapp: string;
  email: string;
  nome_compania: string;
  levar_alguem: 'sim' | 'nao' | null;
  confirmacao: 'ok' | 'agenda' | null;
  status: RegistrationStatus;
  /** ISO 8601, set by the server. */
  created_at: string;
  /** When the organizer last sent the WhatsApp ticket (ISO 8601, by the server); null: never. */
  ticket_sent_at: string | null;
}

/** zod issues as `{ field: message }`, the first message per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[key] ??= messages.unknownField;
      continue;
    }
    const key = String(issue.path[0] ?? '_');
    fields[key] ??= issue.message;
  }
  return fields;
}
