// Which messages each change queues, from what the operator configured: a channel without its
// provider queues nothing (the site then works as it did before sending existed).
import type { MessageChannel } from '../../shared/message.schema.ts';
import type { Config } from '../config.ts';

export interface MessagePlan {
  /** A new registration. */
  received: readonly MessageChannel[];
  /** A confirmation. */
  ticket: readonly MessageChannel[];
  /** A cancellation's short confirmation (decision 0130). */
  cancelled: readonly MessageChannel[];
  /** A certificate issued (issue 36.4): WhatsApp only with its own template. */
  certificate: readonly MessageChannel[];
  /** A reminder before the event (issue 35.1): WhatsApp only with its own template. */
  reminder: readonly MessageChannel[];
  /** A seat held off the waiting list, in approval mode (issue 35.3): the same. */
  seat: readonly MessageChannel[];
  /** 'Avisar inscritos' (issue 35.4): WhatsApp only with its own template (decision 0269). */
  announcement: readonly MessageChannel[];
}

export function messagePlan(config: Pick<Config, 'mail' | 'whatsapp'>): MessagePlan {
  return {
    // WhatsApp outside a conversation takes approved templates only: the ticket's.
    received: config.mail ? ['email'] : [],
    cancelled: config.mail ? ['email'] : [],
    ticket: [
      ...(config.mail ? (['email'] as const) : []),
      ...(config.whatsapp ? (['whatsapp'] as const) : []),
    ],
    certificate: [
      ...(config.mail ? (['email'] as const) : []),
      ...(config.whatsapp?.certificateTemplate ? (['whatsapp'] as const) : []),
    ],
    reminder: [
      ...(config.mail ? (['email'] as const) : []),
      ...(config.whatsapp?.reminderTemplate ? (['whatsapp'] as const) : []),
    ],
    seat: [
      ...(config.mail ? (['email'] as const) : []),
      ...(config.whatsapp?.seatTemplate ? (['whatsapp'] as const) : []),
    ],
    announcement: [
      ...(config.mail ? (['email'] as const) : []),
      ...(config.whatsapp?.noticeTemplate ? (['whatsapp'] as const) : []),
    ],
  };
}
