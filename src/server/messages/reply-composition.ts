// The session messages that answer a person's reply on WhatsApp (issue 35.2, decision 0280): 'Tem
// certeza?' with its two reply buttons after 'Não poderei ir', and the short confirmation after
// 'Sim, cancelar'. WhatsApp takes them without a template within 24 hours of the person's message.
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import type { Registration } from '../../shared/registration.schema.ts';
import type { DeliveryResult } from './delivery-result.ts';
import type { SessionMessage } from './whatsapp/whatsapp-client.ts';

type Request =
  | { channel: 'whatsapp'; session: SessionMessage }
  | { channel: null; unsendable: Extract<DeliveryResult, { kind: 'unsendable' }> };

/** The reply buttons' ids: the same for everyone; the reply is matched by the message it answers. */
export const cancelCheckReplies = { yes: 'cancelar_sim', no: 'cancelar_nao' } as const;

export const replyTexts = {
  check: 'Tem certeza? Sua vaga passa para a próxima pessoa da lista de espera.',
  yes: 'Sim, cancelar',
  no: 'Não, vou comparecer',
  cancelled: (eventName: string) =>
    `Pronto: sua inscrição em ${eventName} foi cancelada e a sua vaga foi liberada. Obrigado por avisar!`,
} as const;

/** 'Tem certeza?', while the person still holds their seat. */
export function composeCancelCheck(registration: Registration): Request {
  if (registration.status !== 'confirmed') {
    return {
      channel: null,
      unsendable: {
        kind: 'unsendable',
        code: 'not_confirmed',
        message: 'A inscrição não está confirmada.',
      },
    };
  }
  const button = (id: string, title: string) => ({ type: 'reply', reply: { id, title } });
  return {
    channel: 'whatsapp',
    session: {
      to: registration.whatsapp,
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: replyTexts.check },
        action: {
          buttons: [
            button(cancelCheckReplies.yes, replyTexts.yes),
            button(cancelCheckReplies.no, replyTexts.no),
          ],
        },
      },
    },
  };
}

/** The cancellation's short confirmation on WhatsApp (the e-mail's is the cancellation's own). */
export function composeCancelledSession(registration: Registration, event: EventSettings): Request {
  return {
    channel: 'whatsapp',
    session: {
      to: registration.whatsapp,
      type: 'text',
      text: { body: replyTexts.cancelled(event.name) },
    },
  };
}
