// An announcement's message to one person ('Avisar inscritos', issue 35.4), built as it leaves
// from what the organizer wrote and the person as they are now: the same placeholders as the
// other messages, filled for them. The test send and the panel's preview use the same filling.
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { fillPlaceholders, placeholderValues } from '../../shared/event-texts.ts';
import { ticketPageUrl } from '../../shared/paths.ts';
import type { Registration } from '../../shared/registration.schema.ts';
import { escapeHtml, page, type EmailBody } from '../messages/email/email-bodies.ts';
import { logoAttachment } from '../messages/email/email-parts.ts';
import {
  gone,
  notSent,
  type ProviderRequest,
  type Recipient,
} from '../messages/message-composition.ts';
import type { MessageRow } from '../messages/outbox.repository.ts';

/** What the organizer wrote: the part of the stored announcement each message needs. */
export interface AnnouncementContent {
  subject: string;
  text: string;
}

/**
 * A template parameter is one line, and Meta refuses a body past 1,024 characters (the template's
 * own words included): a long text is cut there, and the e-mail carries it whole (decision 0270).
 */
export const whatsappNoticeLimit = 900;

/** The person's side of the placeholders: their name and, with a ticket, its page. */
export interface AnnouncementPerson {
  nome: string;
  link?: string | undefined;
}

export function filledAnnouncement(
  content: AnnouncementContent,
  event: EventSettings,
  person: AnnouncementPerson,
): AnnouncementContent {
  const values = placeholderValues(event, person);
  return {
    subject: fillPlaceholders(content.subject, values).replace(/\s+/g, ' ').trim(),
    text: fillPlaceholders(content.text, values),
  };
}

function linkHtml(url: string): string {
  return `<a href="${escapeHtml(url)}" style="color:#1d4ed8;word-break:break-all;">${escapeHtml(url)}</a>`;
}

/** The e-mail: the text as written (paragraphs and lines kept), then the person's own page. */
export function announcementEmail(
  filled: AnnouncementContent,
  event: Pick<EventSettings, 'logo' | 'name' | 'contactEmail'>,
  personalUrl: string | undefined,
): EmailBody {
  const personal = personalUrl ? ['Para ver sua inscrição:', personalUrl] : [];
  const text = [filled.text, '', ...personal, ...(personalUrl ? [''] : [])]
    .concat(`Dúvidas: ${event.contactEmail}`)
    .join('\n');
  const paragraphs = filled.text
    .split(/\n{2,}/)
    .map(
      (paragraph) =>
        `<p style="margin:0 0 12px;">${paragraph.split('\n').map(escapeHtml).join('<br>')}</p>`,
    );
  const html = page(
    filled.subject,
    [
      ...paragraphs,
      personalUrl
        ? `<p style="margin:16px 0 12px;">Para ver sua inscrição:<br>${linkHtml(personalUrl)}</p>`
        : '',
      `<p style="margin:0 0 12px;">${escapeHtml(`Dúvidas: ${event.contactEmail}`)}</p>`,
    ]
      .filter(Boolean)
      .join('\n'),
    event,
  );
  return { subject: filled.subject, text, html, replyTo: event.contactEmail };
}

/** The WhatsApp template's one parameter: the subject, then the text, on one line. */
export function noticeParameter(filled: AnnouncementContent): string {
  const whole = `${filled.subject}: ${filled.text}`.replace(/\s+/g, ' ').trim();
  return whole.length <= whatsappNoticeLimit
    ? whole
    : `${whole.slice(0, whatsappNoticeLimit - 1).trimEnd()}…`;
}

function personOf(registration: Registration, publicUrl: string): AnnouncementPerson {
  const code = registration.ticket_code;
  return {
    nome: registration.nome_completo,
    link: code && registration.status === 'confirmed' ? ticketPageUrl(publicUrl, code) : undefined,
  };
}

const cancelled = {
  kind: 'unsendable',
  code: 'cancelled',
  message: 'Inscrição cancelada.',
} as const;
const noAnnouncement = {
  kind: 'unsendable',
  code: 'no_announcement',
  message: 'O aviso não existe mais.',
} as const;

/** The provider's request for an announcement's `message` to `recipient`, or why it does not go. */
export function composeAnnouncement(
  message: Pick<MessageRow, 'id' | 'channel'>,
  recipient: Recipient | undefined,
  content: AnnouncementContent | undefined,
  publicUrl: string,
): ProviderRequest {
  if (!recipient) return notSent(gone);
  if (!content) return notSent(noAnnouncement);
  const { registration, event, logo, personalUrl } = recipient;
  // Cancelled since it was sent: the news is no longer theirs.
  if (registration.status === 'cancelled') return notSent(cancelled);
  const filled = filledAnnouncement(content, event, personOf(registration, publicUrl));
  if (message.channel === 'whatsapp') {
    return {
      channel: 'whatsapp',
      template: {
        to: registration.whatsapp,
        kind: 'notice',
        components: [
          { type: 'body', parameters: [{ type: 'text', text: noticeParameter(filled) }] },
        ],
      },
    };
  }
  return {
    channel: 'email',
    email: {
      messageId: message.id,
      to: registration.email,
      ...announcementEmail(filled, logo ? event : { ...event, logo: null }, personalUrl),
      ...(logo ? { attachments: logoAttachment(logo) } : {}),
    },
  };
}
