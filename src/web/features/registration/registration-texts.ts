// What the registration form says, in pt-BR. The toasts quote the spec's catalogue exactly.
import { apiErrors } from '@shared/api-error.ts';

export const registrationTexts = {
  errorTitle: 'Erro',
  missingRequired: 'Por favor, preencha todos os campos obrigatórios.',
  /** A field filled in but not valid: the words of the server's 400 for the same problem. */
  invalidFields: apiErrors.validation,
  failed: 'Não foi possível realizar a inscrição. Tente novamente.',
  submit: 'Confirmar Presença',
  sending: 'Enviando...',
} as const;

/**
 * The 'Erro' toast's description when the form refuses to send: the spec's text for an empty
 * required field; otherwise trying again will not help until the highlighted fields change.
 */
export function refusalDescription(refused: { missingRequired: boolean }): string {
  return refused.missingRequired
    ? registrationTexts.missingRequired
    : registrationTexts.invalidFields;
}

/** What the form says around the organizer's questions (issue 34). */
export const questionTexts = {
  yes: 'Sim',
  no: 'Não',
  /** A `choice` with more options than radio buttons fit: the select's first line. */
  pick: 'Escolha uma opção',
  upTo: (max: number) => `Escolha até ${max}.`,
} as const;
