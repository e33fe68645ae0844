// The texts about the messages that leave by themselves (e-mail, WhatsApp Business): on the
// cards, in a registration's history, and the notices above the panel.
import type { MessageChannel, MessageKind, MessageStatus } from '@shared/message.schema.ts';
import { counted, plural } from '@shared/plural.ts';

/** What waits for a retry, by channel. */
const retryingNouns = {
  email: { one: 'e-mail', other: 'e-mails' },
  whatsapp: { one: 'mensagem de WhatsApp', other: 'mensagens de WhatsApp' },
} satisfies Record<MessageChannel, { one: string; other: string }>;

export const channelNames = { email: 'E-mail', whatsapp: 'WhatsApp' } satisfies Record<
  MessageChannel,
  string
>;
export const kindNames = {
  received: 'Inscrição recebida',
  ticket: 'Ingresso',
  cancelled: 'Cancelamento',
  certificate: 'Certificado',
  reminder: 'Lembrete',
  seat: 'Vaga reservada',
  announcement: 'Aviso',
  cancel_check: 'Confirmação de cancelamento',
} satisfies Record<MessageKind, string>;

/** The messages that leave by themselves (e-mail, WhatsApp Business): on cards, in the history. */
export const messagingTexts = {
  /** The card's list of channels, for screen readers. */
  label: 'Envio automático',
  channels: channelNames,
  kinds: kindNames,
  statuses: {
    queued: 'Na fila',
    sending: 'Na fila',
    sent: 'Enviado',
    delivered: 'Entregue',
    read: 'Lido',
    failed: 'Falhou',
  } satisfies Record<MessageStatus, string>,
  /** 'Falhou: O servidor de e-mail recusou a mensagem (550): confira o endereço.' */
  failed: (reason: string) => `Falhou: ${reason}`,
  resend: 'Reenviar',
  resending: 'Reenviando...',
  resent: 'Nova cópia na fila de envio.',
  resendFailed: 'Não foi possível reenviar a mensagem.',
  /** The history's list of messages. */
  historyHeading: 'Mensagens',
  historyLoading: 'Carregando mensagens...',
  historyFailed: 'Não foi possível carregar as mensagens.',
  /** 'criada em 21/11/2025, 14:03; atualizada em 21/11/2025, 14:04; 2 tentativas' (one is usual). */
  historyTimes: (createdAt: string, updatedAt: string, attempts: number) =>
    [
      `criada em ${createdAt}`,
      ...(updatedAt !== createdAt ? [`atualizada em ${updatedAt}`] : []),
      ...(attempts > 0 ? [counted(attempts, { one: 'tentativa', other: 'tentativas' })] : []),
    ].join('; '),
  /** A message waiting for another try: why the last one did not go. */
  lastAttempt: (reason: string) => `(última tentativa: ${reason})`,
  /** Nothing configured: the panel works as before; one line says how to turn sending on. */
  off: 'Envio automático desligado: defina SMTP_URL e MAIL_FROM (e-mail) e WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID e WHATSAPP_TEMPLATE (WhatsApp) no servidor. Veja o README.',
  /** The provider refused our credentials: sending waits for the operator. */
  paused: {
    email: (message: string) => `Envio de e-mail pausado: ${message}`,
    whatsapp: (message: string) => `Envio pelo WhatsApp pausado: ${message}`,
  } satisfies Record<MessageChannel, (message: string) => string>,
  /** '2 e-mails esperam nova tentativa: Não foi possível falar com o servidor de e-mail.' */
  retrying: (channel: MessageChannel, count: number, reason: string) =>
    `${counted(count, retryingNouns[channel])} ${plural(count, { one: 'espera', other: 'esperam' })} nova tentativa: ${reason}`,
} as const;
