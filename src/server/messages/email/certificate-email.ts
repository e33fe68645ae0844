// 'certificate': the certificate of attendance, issued after the event (issue 36.4), attached as
// a PDF, with the address where anyone can check it.
import type { EventSettings } from '../../../shared/event-settings.schema.ts';
import type { EmailBody } from './email-bodies.ts';
import { escapeHtml, page, paragraphs } from './email-bodies.ts';

export function certificateEmail(
  name: string,
  event: EventSettings,
  verificationUrl: string,
  fileName: string,
): EmailBody {
  const subject = `Seu certificado: ${event.name}`;
  const opening = [
    `Olá, ${name}!`,
    `Obrigado por participar do ${event.name}. Seu certificado de participação está anexo a este e-mail (${fileName}).`,
    'Qualquer pessoa pode conferir que ele é válido neste endereço:',
  ];
  const closing = [`Dúvidas: ${event.contactEmail}`];
  const text = [...opening, verificationUrl, '', ...closing].join('\n');
  const link = `<p style="margin:0 0 12px;"><a href="${escapeHtml(verificationUrl)}" style="color:#1d4ed8;word-break:break-all;">${escapeHtml(verificationUrl)}</a></p>`;
  const html = page(subject, [paragraphs(opening), link, paragraphs(closing)].join('\n'), event);
  return { subject, text, html, replyTo: event.contactEmail };
}
