// Each queued message as its provider's request, built from the registration as it is now (its
// status, its ticket's code) and the settings of its own edition; or why it is not sent at all.
// Pure: the sender (outbox-sender.ts) hands the request over.
import { Readable } from 'node:stream';
import { formatEventDate, formatEventTime } from '../../shared/event.ts';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import type { Registration } from '../../shared/registration.schema.ts';
import type { StoredImage } from '../logo/event-images.repository.ts';
import type { DeliveryResult } from './delivery-result.ts';
import { cancelledEmail, receivedEmail, ticketEmail } from './email/email-bodies.ts';
import type { Email } from './email/smtp-mailer.ts';
import { overtaken, type MessageRow } from './outbox.repository.ts';
import type {
  CertificateTemplate,
  SessionMessage,
  TemplateMessage,
  TicketTemplate,
} from './whatsapp/whatsapp-client.ts';
import { composeCancelCheck, composeCancelledSession } from './reply-composition.ts';
import type { CertificateLinks } from '../certificates/certificate-links.ts';
import { logoAttachment, ticketAttachments } from './email/email-parts.ts';
import { composeReminder, composeSeat } from './reminder-composition.ts';
import type { CertificateRow } from '../certificates/certificates.repository.ts';
import { certificateEmail } from './email/certificate-email.ts';
import { certificateContent, certificateFileName } from '../certificates/certificate-document.ts';
import { certificatePdf } from '../certificates/certificate-pdf.ts';
import type { CertificatePictures } from '../certificates/certificate-pictures.ts';
import { certificatePageUrl } from '../../shared/paths.ts';

/** Whom a message goes to, and the edition it speaks of. */
export interface Recipient {
  registration: Registration;
  event: EventSettings;
  /** Their own page's absolute address (decision 0130); undefined for a row without a token. */
  personalUrl: string | undefined;
  /** Its token alone: the WhatsApp template's second button takes it (decision 0145). */
  personalToken: string | undefined;
  /** The edition's logo, carried inside each e-mail (no remote image); undefined: none. */
  logo?: StoredImage | undefined;
  /** Its certificate of attendance, once issued (issue 36.4). */
  certificate?: CertificateRow | undefined;
  /** Its certificate's logo and signatures (issue 36.1), read with the certificate. */
  certificatePictures?: CertificatePictures | undefined;
}

export type Unsendable = Extract<DeliveryResult, { kind: 'unsendable' }>;

/** What to hand to which provider, or why the message does not go. */
export type ProviderRequest =
  | { channel: 'email'; email: Email }
  | { channel: 'whatsapp'; ticket: TicketTemplate }
  | { channel: 'whatsapp'; certificate: CertificateTemplate }
  | { channel: 'whatsapp'; template: TemplateMessage }
  | { channel: 'whatsapp'; session: SessionMessage }
  | { channel: null; unsendable: Unsendable };

export const gone: Unsendable = {
  kind: 'unsendable',
  code: 'gone',
  message: 'Inscrição removida.',
};
const noTicket: Unsendable = {
  kind: 'unsendable',
  code: 'no_ticket',
  message: 'A inscrição não tem ingresso.',
};
const revoked: Unsendable = { kind: 'unsendable', ...overtaken.ticket };
const restored: Unsendable = { kind: 'unsendable', ...overtaken.cancelled };

export const notSent = (unsendable: Unsendable): ProviderRequest => ({ channel: null, unsendable });

const noCertificate: Unsendable = {
  kind: 'unsendable',
  code: 'no_certificate',
  message: 'A inscrição não tem certificado.',
};
const certificateRevoked: Unsendable = {
  kind: 'unsendable',
  code: 'certificate_revoked',
  message: 'Certificado revogado.',
};

/**
 * A certificate's message: its PDF attached to the e-mail, made as the e-mail leaves (a stream:
 * the composition stays synchronous), with the address that verifies it.
 */
function composeCertificate(
  message: Pick<MessageRow, 'id' | 'channel'>,
  recipient: Recipient,
  publicUrl: string,
  links: Pick<CertificateLinks, 'fileUrl'> | undefined,
): ProviderRequest {
  const { certificate, event, logo } = recipient;
  if (!certificate) return notSent(noCertificate);
  if (certificate.revoked_at) return notSent(certificateRevoked);
  const verificationUrl = certificatePageUrl(publicUrl, certificate.code);
  const fileName = certificateFileName(certificate);
  if (message.channel === 'whatsapp') {
    // The header's document is the PDF by a link that opens without a login, for a while.
    if (!links) return notSent(noCertificate);
    return {
      channel: 'whatsapp',
      certificate: {
        to: recipient.registration.whatsapp,
        name: certificate.name,
        eventName: certificate.event_name,
        documentUrl: links.fileUrl(certificate.code),
        fileName,
        certificateCode: certificate.code,
      },
    };
  }
  const content = certificateContent(certificate, event, publicUrl, recipient.certificatePictures);
  return {
    channel: 'email',
    email: {
      messageId: message.id,
      to: recipient.registration.email,
      ...certificateEmail(
        certificate.name,
        logo ? event : { ...event, logo: null },
        verificationUrl,
        fileName,
      ),
      attachments: [
        ...logoAttachment(logo),
        {
          filename: fileName,
          content: Readable.from(lazily(() => certificatePdf(content))),
          contentType: 'application/pdf',
        },
      ],
    },
  };
}

/** One chunk, made when the stream is first read. */
async function* lazily(make: () => Promise<Buffer>) {
  yield await make();
}

/**
 * The provider's request for `message` to `recipient` (undefined: the registration was deleted
 * meanwhile, and its messages went with it).
 */
export function composeMessage(
  message: Pick<MessageRow, 'id' | 'kind' | 'channel'>,
  recipient: Recipient | undefined,
  publicUrl: string,
  /** The certificate's file links (WhatsApp's document header); unset: none go by WhatsApp. */
  links?: Pick<CertificateLinks, 'fileUrl'>,
  /** When it leaves (the reminder's subject says how soon; tests give another). */
  now = new Date(),
): ProviderRequest {
  if (!recipient) return notSent(gone);
  const { registration, event, personalUrl, personalToken, logo } = recipient;
  // The HTML shows the logo only when the e-mail carries it.
  const logoShown = logo ? event : { ...event, logo: null };
  // Cancelled before its ticket left: the ticket is revoked, it does not go.
  if (message.kind === 'ticket' && registration.status === 'cancelled') return notSent(revoked);
  // Restored before its cancellation's e-mail left: the person is confirmed, it does not go.
  if (message.kind === 'cancelled' && registration.status !== 'cancelled') {
    return notSent(restored);
  }
  if (message.kind === 'certificate') {
    return composeCertificate(message, recipient, publicUrl, links);
  }
  if (message.kind === 'reminder') return composeReminder(message, recipient, publicUrl, now);
  if (message.kind === 'seat') return composeSeat(message, recipient);
  if (message.kind === 'cancel_check') return composeCancelCheck(registration);
  const code = registration.ticket_code;
  if (message.channel === 'email') {
    const to = { messageId: message.id, to: registration.email };
    if (message.kind === 'received') {
      return {
        channel: 'email',
        email: {
          ...to,
          ...receivedEmail(registration, logoShown, personalUrl),
          ...(logo ? { attachments: logoAttachment(logo) } : {}),
        },
      };
    }
    if (message.kind === 'cancelled') {
      return {
        channel: 'email',
        email: {
          ...to,
          ...cancelledEmail(registration, logoShown, personalUrl),
          ...(logo ? { attachments: logoAttachment(logo) } : {}),
        },
      };
    }
    if (!code) return notSent(noTicket);
    return {
      channel: 'email',
      email: {
        ...to,
        ...ticketEmail({ ...registration, ticket_code: code }, logoShown, publicUrl, personalUrl),
        attachments: [...logoAttachment(logo), ...ticketAttachments(event, publicUrl, code)],
      },
    };
  }
  // A cancellation answered on WhatsApp is confirmed there too (decision 0280).
  if (message.kind === 'cancelled') return composeCancelledSession(registration, event);
  // WhatsApp carries the ticket alone (the other messages go by e-mail).
  if (message.kind !== 'ticket' || !code) return notSent(noTicket);
  return {
    channel: 'whatsapp',
    ticket: {
      to: registration.whatsapp,
      name: registration.nome_completo,
      eventName: event.name,
      dateTime: `${formatEventDate(event)}, às ${formatEventTime(event)}`,
      ticketCode: code,
      personalToken,
    },
  };
}
