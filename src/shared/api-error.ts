// The API's error shape and the pt-BR messages the server sends with it.
export interface ApiError {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
  };
}

export const apiErrors = {
  validation: 'Confira os campos destacados.',
  duplicateEmail: 'Este e-mail já está inscrito.',
  rateLimited: 'Muitas tentativas em pouco tempo. Aguarde um minuto e tente de novo.',
  bodyTooLarge: 'Os dados enviados são grandes demais.',
  unsupportedMediaType: 'Envie os dados em formato JSON.',
  badJson: 'Os dados enviados não são um JSON válido.',
  badRequest: 'Pedido inválido.',
  notFound: 'Não encontrado.',
  notConfirmed: 'Confirme a inscrição antes de enviar o ingresso.',
  unauthorized: 'Faça login para continuar.',
  forbidden: 'Pedido recusado: origem não permitida.',
  internal: 'Erro interno. Tente novamente em instantes.',
  unavailable: 'Serviço indisponível no momento. Tente novamente em instantes.',
  invalidCredentials: 'E-mail ou senha incorretos.',
  loginRateLimited: 'Muitas tentativas de login. Aguarde alguns minutos e tente de novo.',
} as const;

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as ApiError).error?.message === 'string'
  );
}
