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

export const apiErrors = { ...requestErrors, ...registrationErrors, ...accessErrors } as const;

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as ApiError).error?.message === 'string'
  );
}
