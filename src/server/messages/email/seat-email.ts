// 'seat': a seat freed went to this person off the waiting list while the organizer approves each
// registration (issue 35.3). It is held for them, counted as taken, until the organizer confirms
// them (the ticket then follows) or cancels; no ticket is promised yet.
import type { EventSettings } from '../../../shared/event-settings.schema.ts';
import { formatEventDate, formatEventTime } from '../../../shared/event.ts';
import type { EmailBody } from './email-bodies.ts';
import { escapeHtml, page, paragraphs } from './email-bodies.ts';

export function seatEmail(
  nome: string,
  event: EventSettings,
  personalUrl: string | undefined,
): EmailBody {
  const subject = `Uma vaga foi liberada para você: ${event.name}`;
  const lines = [
    `Olá, ${nome}!`,
    `Uma vaga do ${event.name} (${formatEventDate(event)}, às ${formatEventTime(event)}) foi liberada e está reservada para você, que estava na lista de espera.`,
    'Agora falta a confirmação da organização: quando ela confirmar sua inscrição, seu ingresso chega por e-mail e WhatsApp.',
  ];
  const personal = 'Para ver sua inscrição, ou liberar a vaga se não puder comparecer:';
  const closing = `Dúvidas: ${event.contactEmail}`;
  const text = [...lines, ...(personalUrl ? ['', personal, personalUrl] : []), '', closing].join(
    '\n',
  );
  const personalHtml = personalUrl
    ? `<p style="margin:16px 0 12px;">${escapeHtml(personal)}<br><a href="${escapeHtml(personalUrl)}" style="color:#1d4ed8;word-break:break-all;">${escapeHtml(personalUrl)}</a></p>`
    : '';
  const html = page(
    subject,
    [paragraphs(lines), personalHtml, paragraphs([closing])].join('\n'),
    event,
  );
  return { subject, text, html, replyTo: event.contactEmail };
}
