// The providers this server sends through (the SMTP server, WhatsApp's Cloud API), as the
// sender sees them: which channels are configured, and one request handed to its own.
import type { MessageChannel } from '../../shared/message.schema.ts';
import type { DeliveryResult } from './delivery-result.ts';
import type { Mailer } from './email/smtp-mailer.ts';
import type { ProviderRequest } from './message-composition.ts';
import type { WhatsappClient } from './whatsapp/whatsapp-client.ts';

export interface MessageProviders {
  configured: MessageChannel[];
  /** Sends a composed request; an unsendable one is answered as such, no provider asked. */
  send(request: ProviderRequest): Promise<DeliveryResult>;
  close(): void;
}

/**
 * `pace`: resolves when the next WhatsApp request may leave (Meta takes 80 messages a second per
 * number by default): every request waits its turn there.
 */
export function messageProviders(
  pace: () => Promise<void>,
  mailer?: Mailer,
  whatsapp?: WhatsappClient,
): MessageProviders {
  return {
    configured: [
      ...(mailer ? (['email'] as const) : []),
      ...(whatsapp ? (['whatsapp'] as const) : []),
    ],
    async send(request) {
      if (request.channel === null) return request.unsendable;
      // Only a configured channel's messages are ever claimed.
      if (request.channel === 'email') return mailer!.send(request.email);
      await pace();
      if ('template' in request) return whatsapp!.sendTemplateMessage(request.template);
      if ('session' in request) return whatsapp!.sendSessionMessage(request.session);
      return 'certificate' in request
        ? whatsapp!.sendCertificate(request.certificate)
        : whatsapp!.sendTicket(request.ticket);
    },
    close: () => mailer?.close(),
  };
}
