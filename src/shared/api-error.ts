// The API's error shape and the pt-BR messages the server sends with it, grouped by what they are
// about. `apiErrors` is the whole catalogue, for code that takes any of them.
export interface ApiError {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
  };
}

/** Any request: its form, its size, its origin, and the server's own trouble. */
export const requestErrors = {
  badRequest: 'Pedido inválido.',
  badJson: 'Os dados enviados não são um JSON válido.',
  bodyTooLarge: 'Os dados enviados são grandes demais.',
  unsupportedMediaType: 'Envie os dados em formato JSON.',
  notFound: 'Não encontrado.',
  crossSite: 'Pedido recusado: origem não permitida.',
  rateLimited: 'Muitas tentativas em pouco tempo. Aguarde um minuto e tente de novo.',
  internal: 'Erro interno. Tente novamente em instantes.',
  unavailable: 'Serviço indisponível no momento. Tente novamente em instantes.',
} as const;

/** A registration: the visitor's form, and the organizer's actions on it. */
export const registrationErrors = {
  validation: 'Confira os campos destacados.',
  duplicateEmail: 'Este e-mail já está inscrito.',
  notConfirmed: 'Confirme a inscrição antes de enviar o ingresso.',
} as const;

/** Signing in, and what a signed-in account may do. */
export const accessErrors = {
  unauthorized: 'Faça login para continuar.',
  wrongRole: 'Sua conta não tem acesso a esta área.',
  invalidCredentials: 'E-mail ou senha incorretos.',
  loginRateLimited: 'Muitas tentativas de login. Aguarde alguns minutos e tente de novo.',
} as const;

/** The door: tickets and check-ins (the verdicts' own words where there is one). */
export const doorErrors = {
  ticketNotFound: 'Ingresso inválido.',
  attendeeNotConfirmed: 'Inscrição não confirmada.',
  badCheckIn: 'Envie o código do ingresso (code) ou o id da inscrição (registration_id).',
  idempotencyKeyMissing:
    'Envie o cabeçalho Idempotency-Key com uma chave única para esta entrada (até 200 caracteres).',
  idempotencyKeyReused: 'Esta chave Idempotency-Key já foi usada para outra entrada.',
  scannedAtInvalid: 'Envie a hora da leitura em ISO 8601, como 2025-12-06T07:31:00-05:00.',
  scannedAtFuture: 'A hora da leitura está no futuro: confira o relógio do celular.',
  scannedAtTooOld: 'A leitura é antiga demais para ser registrada.',
} as const;

/** Messages sent by themselves (e-mail, WhatsApp). */
export const messageErrors = {
  channelOff: 'Este canal de envio não está configurado no servidor.',
  ticketNotConfirmed: 'Confirme a inscrição antes de enviar o ingresso.',
  badSignature: 'Assinatura inválida.',
  webhookOff: 'Webhook do WhatsApp não configurado.',
} as const;

/** Accounts that admins manage from the panel (door staff). */
export const accountErrors = {
  accountExists: 'Já existe uma conta com este e-mail.',
  notDoorAccount: 'Só contas da portaria podem ser removidas aqui.',
} as const;

export const apiErrors = {
  ...requestErrors,
  ...registrationErrors,
  ...accessErrors,
  ...doorErrors,
  ...accountErrors,
  ...messageErrors,
} as const;

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as ApiError).error?.message === 'string'
  );
}
