// The reminder (issue 35.1) and the seat held off the waiting list (issue 35.3) as their
// providers' requests, built when they leave from the registration and settings as they are then.
// Kept apart from message-composition.ts, which hands these two kinds here.
import { formatEventDate, formatEventTime } from '../../shared/event.ts';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { eventStartsAt } from '../../shared/event-start.ts';
import type { Registration } from '../../shared/registration.schema.ts';
import type { StoredImage } from '../logo/event-images.repository.ts';
import type { DeliveryResult } from './delivery-result.ts';
import { logoAttachment, ticketAttachments } from './email/email-parts.ts';
import { reminderEmail } from './email/reminder-email.ts';
import { seatEmail } from './email/seat-email.ts';
import type { Email } from './email/smtp-mailer.ts';
import type { MessageRow } from './outbox.repository.ts';
import type { TemplateMessage } from './whatsapp/whatsapp-client.ts';
import { bodyParameter } from './whatsapp/whatsapp-client.ts';

type Unsendable = Extract<DeliveryResult, { kind: 'unsendable' }>;

type Request =
  | { channel: 'email'; email: Email }
  | { channel: 'whatsapp'; template: TemplateMessage }
  | { channel: null; unsendable: Unsendable };

/** What these messages need of their recipient (message-composition.ts's Recipient). */
interface Addressee {
  registration: Registration;
  event: EventSettings;
  personalUrl: string | undefined;
  logo?: StoredImage | undefined;
}

const notSent = (code: string, message: string): Request => ({
  channel: null,
  unsendable: { kind: 'unsendable', code, message },
});

/**
 * The quick replies' payloads: the same for everyone, so a payload says nothing of whom it came
 * from; the reply is matched by the message it answers (decision 0264).
 */
export const reminderReplies = { yes: 'lembrete_vou', no: 'lembrete_nao_vou' } as const;

const text = (value: string) => ({ type: 'text', text: bodyParameter(value) });
const when = (event: EventSettings) => `${formatEventDate(event)}, às ${formatEventTime(event)}`;

export function composeReminder(
  message: Pick<MessageRow, 'id' | 'channel'>,
  { registration, event, personalUrl, logo }: Addressee,
  publicUrl: string,
  now: Date,
): Request {
  // Cancelled, or back to pending, since it was queued: the reminder is not for them any more.
  if (registration.status !== 'confirmed') {
    return notSent('not_confirmed', 'A inscrição não está confirmada.');
  }
  if (now >= eventStartsAt(event)) return notSent('event_started', 'O evento já começou.');
  const code = registration.ticket_code;
  if (!code) return notSent('no_ticket', 'A inscrição não tem ingresso.');
  if (message.channel === 'email') {
    const shown = logo ? event : { ...event, logo: null };
    return {
      channel: 'email',
      email: {
        messageId: message.id,
        to: registration.email,
        ...reminderEmail(
          { ...registration, ticket_code: code },
          shown,
          publicUrl,
          personalUrl,
          now,
        ),
        attachments: [...logoAttachment(logo), ...ticketAttachments(event, publicUrl, code)],
      },
    };
  }
  const reply = (index: number, payload: string) => ({
    type: 'button',
    sub_type: 'quick_reply',
    index: String(index),
    parameters: [{ type: 'payload', payload }],
  });
  return {
    channel: 'whatsapp',
    template: {
      to: registration.whatsapp,
      kind: 'reminder',
      components: [
        {
          type: 'body',
          parameters: [
            text(registration.nome_completo),
            text(event.name),
            text(when(event)),
            text(`${event.venue}, ${event.city}`),
          ],
        },
        reply(0, reminderReplies.yes),
        reply(1, reminderReplies.no),
      ],
    },
  };
}

export function composeSeat(
  message: Pick<MessageRow, 'id' | 'channel'>,
  { registration, event, personalUrl, logo }: Addressee,
): Request {
  // Confirmed meanwhile (the ticket says more), or cancelled: the seat's news is stale.
  if (registration.status !== 'pending') {
    return notSent('not_pending', 'A vaga reservada já foi confirmada ou cancelada.');
  }
  if (message.channel === 'email') {
    const shown = logo ? event : { ...event, logo: null };
    return {
      channel: 'email',
      email: {
        messageId: message.id,
        to: registration.email,
        ...seatEmail(registration.nome_completo, shown, personalUrl),
        ...(logo ? { attachments: logoAttachment(logo) } : {}),
      },
    };
  }
  return {
    channel: 'whatsapp',
    template: {
      to: registration.whatsapp,
      kind: 'seat',
      components: [
        {
          type: 'body',
          parameters: [text(registration.nome_completo), text(event.name), text(when(event))],
        },
      ],
    },
  };
}
