// The registration's one contract: what a visitor sends (newRegistrationSchema) and what the API
// serves (registrationSchema), with the pt-BR messages users see. Every registration type in the
// code is inferred from these; the plain values they are built from live in registration.fields.ts.
import { z } from 'zod';
import { deliverySchema } from './message.schema.ts';
import { toE164, type CountryCode } from './phone.ts';
import {
  confirmacaoOptions,
  fieldLimits,
  fieldMessages as messages,
  honeypotField,
  levarAlguemOptions,
  organizerDecisions,
} from './registration.fields.ts';

export { fieldLimits, honeypotField, messages };

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

// Invisible marks that a paste from a chat or a document can carry (zero-width spaces, the byte
// order mark, direction marks), and the direction overrides and isolates that make a name read
// backwards in the panel and the CSV ("Trojan Source"): removed, not refused, since the visitor
// cannot see them to take them out. The joiners (U+200C, U+200D) stay: emoji and some scripts
// need them.
const invisibleMarks = /[\u200b\u200e\u200f\u061c\u2060\ufeff\u202a-\u202e\u2066-\u2069]/g;

export function isText(value: string): boolean {
  return !loneSurrogate.test(value) && !controlCharacter.test(value);
}

/** Invisible marks taken out (see above), for every text a visitor types. */
export function withoutInvisibleMarks(value: string): string {
  return value.replace(invisibleMarks, '');
}

function typedText() {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? messages.required : messages.notText),
    })
    .overwrite((value) => value.replace(invisibleMarks, ''))
    .trim()
    .overwrite((value) => value.replace(/[\t\r\n]+/g, ' '));
}

export function requiredText(max: number) {
  return typedText()
    .min(1, messages.required)
    .max(max, messages.tooLong(max))
    .refine(isText, messages.notText);
}

/** Text that may be left empty (or out): '' then. */
export function optionalText(max: number) {
  return typedText()
    .max(max, messages.tooLong(max))
    .refine(isText, messages.notText)
    .optional()
    .transform((value) => value ?? '');
}

export function optionalChoice<T extends readonly [string, ...string[]]>(values: T) {
  return z
    .union([z.enum(values, { error: messages.invalidChoice }), z.literal(''), z.null()], {
      error: messages.invalidChoice,
    })
    .optional()
    .transform((value) => (value ? value : null));
}

/** The original's fields, all asked; form-questions.schema.ts adjusts them to an edition's form. */
export function registrationBody(phoneCountry: CountryCode) {
  return z.strictObject(
    {
      nome_completo: requiredText(fieldLimits.nome_completo),
      // A number typed without its country code is read in the event's phone country (issue 33.3).
      whatsapp: requiredText(fieldLimits.whatsapp).transform((value, ctx) => {
        const e164 = toE164(value, phoneCountry);
        if (!e164) {
          ctx.addIssue({ code: 'custom', message: messages.invalidPhone });
          return z.NEVER;
        }
        return e164;
      }),
      email: requiredText(fieldLimits.email).refine(isValidEmail, messages.invalidEmail),
      nome_compania: requiredText(fieldLimits.nome_compania),
      levar_alguem: optionalChoice(levarAlguemOptions),
      confirmacao: optionalChoice(confirmacaoOptions),
      [honeypotField]: z
        .string({ error: messages.notText })
        .max(200)
        .refine(isText, messages.notText)
        .optional(),
    },
    { error: messages.unknownField },
  );
}

/** The body of POST /api/registrations as the original event read it: numbers in the US. */
export const newRegistrationSchema = registrationBody('US');

const schemaByCountry = new Map<CountryCode, typeof newRegistrationSchema>([
  ['US', newRegistrationSchema],
]);

/**
 * The body of POST /api/registrations, as the form sends it and the server checks it, for an event
 * whose phone country is `phoneCountry`: the same fields, a phone without its code read there.
 */
export function newRegistrationSchemaIn(phoneCountry: CountryCode): typeof newRegistrationSchema {
  let schema = schemaByCountry.get(phoneCountry);
  if (!schema) {
    schema = registrationBody(phoneCountry);
    schemaByCountry.set(phoneCountry, schema);
  }
  return schema;
}

export type NewRegistrationInput = z.input<typeof newRegistrationSchema>;
export type NewRegistration = z.output<typeof newRegistrationSchema>;

/** A registration's certificate as the panel shows it: its state, never the PDF's content. */
export const registrationCertificateSchema = z.object({
  code: z.string(),
  /** ISO 8601 UTC. */
  issued_at: z.string(),
  /** ISO 8601 UTC; null while valid. */
  revoked_at: z.string().nullable(),
});

export type RegistrationCertificate = z.output<typeof registrationCertificateSchema>;

/** A stored registration as the API serves it (unknown keys, such as email_key, are dropped). */
export const registrationSchema = z.object({
  id: z.string(),
  nome_completo: z.string(),
  /** E.164: '+15085551234'. */
  whatsapp: z.string(),
  email: z.string(),
  nome_compania: z.string(),
  levar_alguem: z.enum(levarAlguemOptions).nullable(),
  confirmacao: z.enum(confirmacaoOptions).nullable(),
  status: z.enum(organizerDecisions),
  /** ISO 8601 UTC, set by the server. */
  created_at: z.string(),
  /**
   * When the organizer last opened the ticket in WhatsApp (wa.me, the spec's 'Enviar Ingresso':
   * whether it was then sent is not known) (ISO 8601 UTC); null: never.
   */
  ticket_sent_at: z.string().nullable(),
  /** The ticket's code (its page: /ingresso/<code>), given on confirmation; null while pending. */
  ticket_code: z.string().nullable(),
  /** When the person came in (ISO 8601 UTC); null: not yet. */
  checked_in_at: z.string().nullable(),
  /** Who let them in: the account's e-mail; null while not checked in. */
  checked_in_by: z.string().nullable(),
  /**
   * When a freed seat moved it off the waiting list (ISO 8601 UTC): in approval mode it is then
   * pending again, at the head of the organizer's queue. Null otherwise.
   */
  promoted_at: z.string().nullable().default(null),
  /** Where its newest e-mail and WhatsApp message are (none: nothing sent by itself). */
  delivery: deliverySchema.default({}),
  /**
   * 'yes' once the person answered 'Vou comparecer' to a reminder (WhatsApp or the e-mail's link,
   * issue 35.2); null while they said nothing.
   */
  rsvp: z.enum(['yes']).nullable().default(null),
  /**
   * Its certificate of attendance (issue 36): the code, when it was issued and, once revoked, when
   * (a revoked one names nobody and is not downloaded). Null: none issued.
   */
  certificate: registrationCertificateSchema.nullable().default(null),
  /**
   * The answers to the organizer's own questions (issue 34), by question id: the text, the picked
   * options' ids, or true (Sim) / false (Não); an unanswered question is absent.
   */
  respostas: z
    .record(z.string(), z.union([z.string(), z.array(z.string()), z.boolean()]))
    .default({}),
});

export type Registration = z.output<typeof registrationSchema>;

/** What the server sets on every new registration, besides its id and time. */
export const newRegistrationState = {
  status: 'pending',
  ticket_sent_at: null,
  ticket_code: null,
  checked_in_at: null,
  checked_in_by: null,
  promoted_at: null,
  rsvp: null,
  delivery: {},
  respostas: {},
} as const satisfies Partial<Registration>;

/** zod issues as `{ field: message }`, the first message per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[key] ??= messages.unknownField;
      continue;
    }
    // An answer is named by its question: `respostas.<id>` (issue 34.3).
    const [first, second] = issue.path;
    // A question of the settings by its place and part: `questions.2.options` (issue 34.2).
    const key =
      first === 'respostas' && second !== undefined
        ? `respostas.${String(second)}`
        : first === 'questions'
          ? issue.path.map(String).join('.')
          : String(first ?? '_');
    fields[key] ??= issue.message;
  }
  return fields;
}
