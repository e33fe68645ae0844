// The API's errors as one table: each named once with its code (what every client decides on),
// its HTTP status and its pt-BR message, in the spirit of @fastify/error's
// createError(code, message, status). The server answers only these (src/server/http-errors.ts);
// the panel, the door and the form read `code`, never a status number. A code may carry more
// than one message (`not_confirmed` at the door and in the panel) but always the same status.
import { announcementErrors } from './announcement-errors.ts';
import { certificateErrors } from './certificate-errors.ts';

export interface ApiError {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
  };
}

/** One kind of error: what `sendError` answers and what a client recognises by its code. */
export interface ErrorKind {
  readonly code: string;
  readonly status: number;
  readonly message: string;
}

const notJson = 'Os dados enviados não são um JSON válido.';

export const errorTable = {
  // Any request: its form, its size, its origin, and the server's own trouble.
  badRequest: { code: 'bad_request', status: 400, message: 'Pedido inválido.' },
  /** A body that is no JSON object (null, an array, bytes that are not UTF-8). */
  unreadableBody: { code: 'bad_request', status: 400, message: notJson },
  badJson: { code: 'bad_json', status: 400, message: notJson },
  bodyTooLarge: {
    code: 'body_too_large',
    status: 413,
    message: 'Os dados enviados são grandes demais.',
  },
  unsupportedMediaType: {
    code: 'unsupported_media_type',
    status: 415,
    message: 'Envie os dados em formato JSON.',
  },
  /** PUT /api/admin/event/logo with anything but a PNG, JPEG or WebP picture (issue 33.2). */
  logoNotAnImage: {
    code: 'unsupported_media_type',
    status: 415,
    message: 'Envie o logotipo como imagem PNG, JPEG ou WebP.',
  },
  logoTooLarge: {
    code: 'body_too_large',
    status: 413,
    message: 'O logotipo deve ter no máximo 2 MB e 40 milhões de pixels.',
  },
  /** Headers past Node's limit (16 KB): mostly cookies a parent domain piled up. */
  headersTooLarge: {
    code: 'headers_too_large',
    status: 431,
    message:
      'O pedido chegou com cabeçalhos grandes demais. Apague os cookies deste site e tente de novo.',
  },
  /** A request that took longer than the server waits for one to arrive. */
  requestTimeout: {
    code: 'request_timeout',
    status: 408,
    message: 'O pedido demorou demais para chegar. Tente de novo.',
  },
  notFound: { code: 'not_found', status: 404, message: 'Não encontrado.' },
  crossSite: { code: 'cross_site', status: 403, message: 'Pedido recusado: origem não permitida.' },
  rateLimited: {
    code: 'rate_limited',
    status: 429,
    message: 'Muitas tentativas em pouco tempo. Aguarde um minuto e tente de novo.',
  },
  internal: {
    code: 'internal',
    status: 500,
    message: 'Erro interno. Tente novamente em instantes.',
  },

  // A registration: the visitor's form, and the organizer's actions on it.
  validation: { code: 'validation', status: 400, message: 'Confira os campos destacados.' },
  duplicateEmail: {
    code: 'duplicate_email',
    status: 409,
    message: 'Este e-mail já está inscrito.',
  },
  /** Past `registrationClosesAt`, or with 'Inscrições abertas' off (issue 33.5). */
  registrationsClosed: {
    code: 'registrations_closed',
    status: 409,
    message: 'As inscrições estão encerradas.',
  },
  /** Before `registrationOpensAt`. */
  registrationsNotOpen: {
    code: 'registrations_not_open',
    status: 409,
    message: 'As inscrições ainda não foram abertas.',
  },
  notConfirmed: {
    code: 'not_confirmed',
    status: 409,
    message: 'Confirme a inscrição antes de enviar o ingresso.',
  },
  /**
   * A registration of a past edition: kept read-only (confirm, ticket, messages, check-in), only
   * erasable (LGPD).
   */
  pastEdition: {
    code: 'past_edition',
    status: 409,
    message: 'Esta inscrição é de uma edição passada e não pode mais ser alterada.',
  },

  /** No seat left: the confirmed count is at the event's capacity (decision 0130). */
  capacityReached: {
    code: 'capacity_reached',
    status: 409,
    message: 'Evento lotado: não há mais vagas.',
  },
  /** The registration was cancelled (by the person or the organizer): no seat, no ticket. */
  registrationCancelled: {
    code: 'cancelled',
    status: 409,
    message: 'Inscrição cancelada.',
  },
  /** Someone already let in: the entry is undone first (the personal page refuses it too). */
  checkedIn: {
    code: 'checked_in',
    status: 409,
    message: 'Esta pessoa já entrou no evento: desfaça a entrada antes de cancelar a inscrição.',
  },
  /** Only a cancelled registration can be restored. */
  notCancelled: {
    code: 'not_cancelled',
    status: 409,
    message: 'Só uma inscrição cancelada pode ser restaurada.',
  },

  // The event's settings.
  /** A save made over settings someone else saved since it was read (If-Match, decision 0215). */
  settingsChanged: {
    code: 'settings_changed',
    status: 412,
    message:
      'Outra pessoa alterou o evento enquanto você editava. Recarregue para ver as mudanças.',
  },

  // Signing in, and what a signed-in account may do.
  unauthorized: { code: 'unauthorized', status: 401, message: 'Faça login para continuar.' },
  wrongRole: { code: 'forbidden', status: 403, message: 'Sua conta não tem acesso a esta área.' },
  invalidCredentials: {
    code: 'invalid_credentials',
    status: 401,
    message: 'E-mail ou senha incorretos.',
  },
  loginRateLimited: {
    code: 'login_rate_limited',
    status: 429,
    message: 'Muitas tentativas de login. Aguarde alguns minutos e tente de novo.',
  },

  ...certificateErrors,

  // The door: tickets and check-ins (the verdicts' own words where there is one).
  ticketNotFound: { code: 'ticket_not_found', status: 404, message: 'Ingresso inválido.' },
  attendeeNotConfirmed: {
    code: 'not_confirmed',
    status: 409,
    message: 'Inscrição não confirmada.',
  },
  /** A ticket of a past edition (or of one not yet current): its own verdict at the door. */
  otherEdition: {
    code: 'other_edition',
    status: 409,
    message: 'Ingresso de outra edição.',
  },
  badCheckIn: {
    code: 'validation',
    status: 400,
    message: 'Envie o código do ingresso (code) ou o id da inscrição (registration_id).',
  },
  idempotencyKeyMissing: {
    code: 'idempotency_key_required',
    status: 400,
    message:
      'Envie o cabeçalho Idempotency-Key com uma chave única para esta entrada (até 200 caracteres).',
  },
  idempotencyKeyReused: {
    code: 'idempotency_key_reused',
    status: 409,
    message: 'Esta chave Idempotency-Key já foi usada para outra entrada.',
  },
  /**
   * A door phone's check-in or undo decided by one account (its `Door-Account` header) while the
   * browser's session is another's: never recorded under the wrong name (decision 0210).
   */
  otherAccount: {
    code: 'other_account',
    status: 409,
    message:
      'Outra conta está conectada neste navegador. Recarregue a página para continuar com ela.',
  },

  // Accounts that admins manage from the panel (door staff).
  accountExists: {
    code: 'account_exists',
    status: 409,
    message: 'Já existe uma conta com este e-mail.',
  },
  notDoorAccount: {
    code: 'not_door_account',
    status: 409,
    message: 'Só contas da portaria podem ser removidas aqui.',
  },

  // Messages sent by themselves (e-mail, WhatsApp), and the provider's calls to us.
  channelOff: {
    code: 'channel_off',
    status: 409,
    message: 'Este canal de envio não está configurado no servidor.',
  },
  /** The channel is on, but this message never goes by it (WhatsApp: templates only). */
  notOnChannel: {
    code: 'not_on_channel',
    status: 409,
    message: 'Pelo WhatsApp só vai o ingresso: esta mensagem é enviada apenas por e-mail.',
  },
  ...announcementErrors,
  badSignature: { code: 'bad_signature', status: 401, message: 'Assinatura inválida.' },
  badVerifyToken: {
    code: 'bad_verify_token',
    status: 403,
    message: 'Token de verificação diferente de WHATSAPP_VERIFY_TOKEN.',
  },
  webhookOff: {
    code: 'not_found',
    status: 404,
    message: 'Webhook do WhatsApp não configurado.',
  },
} as const satisfies Record<string, ErrorKind>;

export type ErrorName = keyof typeof errorTable;
export type ErrorCode = (typeof errorTable)[ErrorName]['code'];

/**
 * What a client makes of a request that got no answer of ours (status 0: none at all; `unknown`:
 * a proxy's page instead of our JSON). The server never sends these.
 */
export const clientErrorTable = {
  network: {
    code: 'network',
    status: 0,
    message: 'Sem conexão com o servidor. Verifique sua internet.',
  },
  timeout: {
    code: 'timeout',
    status: 0,
    message: 'O servidor demorou para responder. Verifique sua conexão e tente de novo.',
  },
  unavailable: {
    code: 'unknown',
    status: 0,
    message: 'Serviço indisponível no momento. Tente novamente em instantes.',
  },
} as const satisfies Record<string, ErrorKind>;

export type ClientErrorCode = (typeof clientErrorTable)[keyof typeof clientErrorTable]['code'];

/** A check-in's per-field messages (under `validation`): the time the phone decided. */
export const checkInFieldMessages = {
  scannedAtInvalid: 'Envie a hora da leitura em ISO 8601, como 2025-12-06T07:31:00-05:00.',
  scannedAtTooOld: 'A leitura é antiga demais para ser registrada.',
} as const;

type Messages<T extends Record<string, ErrorKind>> = { readonly [K in keyof T]: T[K]['message'] };

function messagesOf<T extends Record<string, ErrorKind>>(table: T): Messages<T> {
  return Object.fromEntries(
    Object.entries(table).map(([name, kind]) => [name, kind.message]),
  ) as Messages<T>;
}

/** Every message by name: the table's, what clients say without an answer, and the field ones. */
export const apiErrors = {
  ...messagesOf(errorTable),
  ...messagesOf(clientErrorTable),
  ...checkInFieldMessages,
} as const;

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as ApiError).error?.message === 'string'
  );
}
