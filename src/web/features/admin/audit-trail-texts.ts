// The texts of a registration's history on its card: who did what.
import type { MessageChannel, MessageKind } from '@shared/message.schema.ts';
import { channelNames, kindNames } from './messaging-texts.ts';

/** Who did what to a registration, on its card. */
export const auditTrailTexts = {
  show: 'Histórico',
  hide: 'Ocultar histórico',
  loading: 'Carregando histórico...',
  failed: 'Não foi possível carregar o histórico.',
  empty: 'Nada registrado ainda.',
  system: 'sistema',
  actions: {
    confirmed: 'confirmou a inscrição',
    ticket_sent: 'abriu o ingresso no WhatsApp',
    checked_in: 'registrou a entrada',
    check_in_undone: 'desfez a entrada',
    deleted: 'excluiu a inscrição',
    cancelled: 'cancelou a inscrição',
    withdrawn: 'cancelou a inscrição pelo link pessoal',
    restored: 'restaurou a inscrição',
    promoted: 'passou a inscrição da lista de espera para a vaga liberada',
    message_resent: 'reenviou uma mensagem',
    certificate_issued: 'emitiu o certificado',
    certificate_revoked: 'revogou o certificado',
    attendance_confirmed: 'confirmou presença',
    seat_passed: 'liberou a vaga para a próxima pessoa da lista de espera',
  },
  /** `withdrawn` answering a message on WhatsApp ('Sim, cancelar'), not through the link. */
  withdrawnOnWhatsapp: 'cancelou a inscrição pelo WhatsApp',
  /** 'reenviou a mensagem E-mail · Ingresso': as the message's own line names it. */
  resent: (channel: MessageChannel, kind: MessageKind) =>
    `reenviou a mensagem ${channelNames[channel]} · ${kindNames[kind]}`,
  /** Who did it when no account did: the person (their own link), or the server. */
  person: 'a própria pessoa',
} as const;
