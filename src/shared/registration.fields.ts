// The registration's fields as plain data, with no zod: the public pages import this file on
// their first paint, and the zod schemas (registration.schema.ts) are built from it.

/** The visitor's answers to the two optional questions, as stored and sent by the API. */
export const levarAlguemOptions = ['sim', 'nao'] as const;
export const confirmacaoOptions = ['ok', 'agenda'] as const;

/**
 * Where a registration stands (the `status` key); not the visitor's `confirmacao`. The spec's two,
 * `pending` (waiting for the organizer) and `confirmed` (a seat and a ticket), plus
 * `waitlisted` (no seat was left when it arrived: the waiting list, decision 0130) and
 * `cancelled` (the person, or the organizer, called it off: no seat, no ticket).
 */
export const organizerDecisions = ['pending', 'confirmed', 'waitlisted', 'cancelled'] as const;

export type LevarAlguem = (typeof levarAlguemOptions)[number];
export type Confirmacao = (typeof confirmacaoOptions)[number];
export type OrganizerDecision = (typeof organizerDecisions)[number];

/** The two optional questions, each with its answers. */
export const answerOptions = {
  levar_alguem: levarAlguemOptions,
  confirmacao: confirmacaoOptions,
} as const;
export type AnswerField = keyof typeof answerOptions;

/** The four text fields the spec requires, in the order the form shows them. */
export const requiredFormFields = ['nome_completo', 'whatsapp', 'email', 'nome_compania'] as const;
export type RequiredFormField = (typeof requiredFormFields)[number];

export type RegistrationFormField = RequiredFormField | AnswerField;

/** Every field a visitor fills, in the order the form shows them: the text, then the questions. */
export const registrationFormFields: readonly RegistrationFormField[] = [
  ...requiredFormFields,
  ...(Object.keys(answerOptions) as AnswerField[]),
];

/** A question of the organizer's own, as the form names its control and its error (issue 34). */
export type AnswerFieldName = `respostas.${string}`;

/** The form's name of question `id`'s control: the API names its error the same. */
export function answerFieldName(id: string): AnswerFieldName {
  return `respostas.${id}`;
}

/** A message at each field of the form that has a problem. */
export type FieldErrors = Partial<Record<RegistrationFormField | AnswerFieldName, string>>;

function isFormField(key: string): key is RegistrationFormField | AnswerFieldName {
  return (
    (registrationFormFields as readonly string[]).includes(key) || /^respostas\.[^.]+$/.test(key)
  );
}

/** Keeps the messages that belong to a field of the form (the server may name others). */
export function formFieldErrors(fields: Record<string, string> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    if (isFormField(key)) errors[key] = message;
  }
  return errors;
}

export const fieldLimits = {
  nome_completo: 200,
  nome_compania: 200,
  email: 254,
  whatsapp: 32,
} as const satisfies Record<RequiredFormField, number>;

/** The WhatsApp number's country picker (a country code: 'US', 'BR'). */
export const countryField = 'whatsapp_pais';

/** A field people never see; a bot that fills it gets a fake success and nothing is stored. */
export const honeypotField = 'website';

/** What the form and the API say about a field, in pt-BR. */
export const fieldMessages = {
  required: 'Campo obrigatório.',
  tooLong: (max: number) => `Use no máximo ${max} caracteres.`,
  invalidEmail: 'Informe um e-mail válido, como nome@exemplo.com.',
  invalidPhone: 'Informe um número de WhatsApp válido para o país escolhido, com DDD.',
  invalidChoice: 'Escolha uma das opções.',
  notText: 'Envie este campo como texto.',
  unknownField: 'Campo desconhecido.',
} as const;
