// The two e-mails, built when they are sent (nothing personal is stored in the outbox): HTML that
// reads on a 360 px mail client, with no remote image (the QR code and the logo travel inside it) and no tracking, and the same in plain text.
import type { EventSettings } from '../../../shared/event-settings.schema.ts';
import { formatEventDate, formatEventTime } from '../../../shared/event.ts';
import { logoAlt } from '../../../shared/event-logo.ts';
import { fillPlaceholders, placeholderValues } from '../../../shared/event-texts.ts';
import { bringsSomeone } from '../../../shared/labels.ts';
import { ticketPageUrl } from '../../../shared/paths.ts';
import { formatPhone } from '../../../shared/phone.ts';
import type { Registration } from '../../../shared/registration.schema.ts';

export interface EmailBody {
  subject: string;
  text: string;
  html: string;
  /**
   * The event's contact e-mail: a person who answers ('Foi um engano?', a question about the
   * ticket) writes to the organizer, not to MAIL_FROM, often an address nobody reads.
   */
  replyTo: string;
}

/** The QR code's inline image is referred to by this Content-ID. */
export const qrContentId = 'ingresso-qr';
/** And the event's logo (issue 33.2), carried the same way: no remote image. */
export const logoContentId = 'evento-logo';

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function when(event: EventSettings): string {
  return `${formatEventDate(event)}, às ${formatEventTime(event)}`;
}

function where(event: EventSettings): string {
  return `${event.venue}, ${event.city}`;
}

/**
 * One column, system fonts, inline styles: what mail clients render alike. Long words (an
 * e-mail address, a link) wrap instead of pushing a phone's screen sideways.
 */
/**
 * The logo at the top, at most 56 px high and 240 px wide, its size in attributes as well: some
 * mail clients read no CSS.
 */
function logoHtml(event: Pick<EventSettings, 'logo' | 'name'>): string {
  if (!event.logo) return '';
  const { width, height } = event.logo;
  const scale = Math.min(56 / height, 240 / width, 1);
  const [w, h] = [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
  return `<p style="margin:0 0 16px;"><img src="cid:${logoContentId}" alt="${escapeHtml(logoAlt(event.name))}" width="${w}" height="${h}" style="display:block;width:${w}px;height:${h}px;max-width:100%;"></p>\n`;
}

export function page(
  title: string,
  body: string,
  event: Pick<EventSettings, 'logo' | 'name'>,
): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f4f5;">
<main style="display:block;max-width:560px;margin:0 auto;padding:16px;font-family:-apple-system,Segoe UI,Roboto,Arial,sans-serif;font-size:16px;line-height:1.5;color:#18181b;background:#ffffff;overflow-wrap:anywhere;word-break:break-word;">
${logoHtml(event)}<h1 style="font-size:20px;line-height:1.3;margin:0 0 16px;">${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

export function paragraphs(lines: readonly string[]): string {
  return lines
    .filter((line) => line !== '')
    .map((line) => `<p style="margin:0 0 12px;">${escapeHtml(line)}</p>`)
    .join('\n');
}

/** The edition's opening lines for this e-mail, placeholders filled, line by line. */
function intro(text: string, event: EventSettings, nome: string, link?: string): string[] {
  return fillPlaceholders(text, placeholderValues(event, { nome, link })).split('\n');
}

/** The personal link's lines (decision 0130): where to see the registration, or cancel it. */
function personalLines(personalUrl: string | undefined): string[] {
  return personalUrl
    ? ['Para ver sua inscrição, ou cancelar se não puder comparecer:', personalUrl]
    : [];
}

function personalHtml(personalUrl: string | undefined): string {
  if (!personalUrl) return '';
  return `<p style="margin:16px 0 12px;">${escapeHtml(personalLines(personalUrl)[0]!)}<br><a href="${escapeHtml(personalUrl)}" style="color:#1d4ed8;word-break:break-all;">${escapeHtml(personalUrl)}</a></p>`;
}

/** The opening of 'received' for a registration that joined the waiting list (no seat left). */
function waitlistedOpening(event: EventSettings, nome: string): string[] {
  return [
    `Olá, ${nome}!`,
    `Recebemos sua inscrição no ${event.name}. Você está na lista de espera: as vagas do evento já foram preenchidas.`,
    'Se uma vaga for liberada, ela vai para a próxima pessoa da lista, por ordem de chegada, e o ingresso chega quando a vaga for confirmada. Por enquanto, não há ingresso.',
  ];
}

/**
 * The original's last three fields as the form asked them (issue 34.1): one it did not ask is left
 * out, a choice in the organizer's words. The answers to the organizer's own questions are not
 * repeated in an e-mail.
 */
function askedFields(
  registration: Registration,
  { fields, fieldLabels }: Pick<EventSettings, 'fields' | 'fieldLabels'>,
): Array<[string, string]> {
  const asked: Array<[string, string]> = [];
  if (fields.nome_compania !== 'hidden') {
    asked.push(['Empresa', registration.nome_compania || '—']);
  }
  if (fields.levar_alguem === 'shown') {
    asked.push(['Levar alguém', bringsSomeone(registration) || '—']);
  }
  if (fields.confirmacao === 'shown') {
    const answer = registration.confirmacao;
    asked.push(['Confirmação', answer ? fieldLabels.confirmacao.options[answer] : '—']);
  }
  return asked;
}

/**
 * 'received': the registration arrived and is being reviewed (or, with no seat left, is on the
 * waiting list: no ticket promised); what the person sent; their own page's link.
 */
export function receivedEmail(
  registration: Registration,
  event: EventSettings,
  personalUrl?: string,
): EmailBody {
  const waitlisted = registration.status === 'waitlisted';
  const subject = waitlisted
    ? `Você está na lista de espera do ${event.name}`
    : `Recebemos sua inscrição no ${event.name}`;
  const opening = waitlisted
    ? waitlistedOpening(event, registration.nome_completo)
    : intro(event.receivedEmailIntro, event, registration.nome_completo);
  const sent: Array<[string, string]> = [
    ['Nome completo', registration.nome_completo],
    ['WhatsApp', formatPhone(registration.whatsapp, event.phoneCountry)],
    ['E-mail', registration.email],
    ...askedFields(registration, event),
  ];
  const details: Array<[string, string]> = [
    ['Data', when(event)],
    ['Local', where(event)],
  ];
  const text = [
    ...opening,
    '',
    'O que você enviou:',
    ...sent.map(([label, value]) => `${label}: ${value}`),
    '',
    `${event.name}`,
    ...details.map(([label, value]) => `${label}: ${value}`),
    '',
    ...personalLines(personalUrl),
    ...(personalUrl ? [''] : []),
    `Dúvidas: ${event.contactEmail}`,
  ].join('\n');
  const list = (rows: Array<[string, string]>) =>
    `<ul style="margin:0 0 16px;padding-left:20px;">${rows
      .map(
        ([label, value]) => `<li><strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}</li>`,
      )
      .join('')}</ul>`;
  const html = page(
    subject,
    [
      paragraphs(opening),
      `<h2 style="font-size:18px;margin:16px 0 8px;">O que você enviou</h2>`,
      list(sent),
      `<h2 style="font-size:18px;margin:16px 0 8px;">${escapeHtml(event.name)}</h2>`,
      list(details),
      personalHtml(personalUrl),
      paragraphs([`Dúvidas: ${event.contactEmail}`]),
    ].join('\n'),
    event,
  );
  return { subject, text, html, replyTo: event.contactEmail };
}

/**
 * 'ticket': the edition's opening lines (by default the spec's ticket wording), the date and the
 * place, the ticket page's link and its QR code (by cid).
 */
export function ticketEmail(
  registration: Registration & { ticket_code: string },
  event: EventSettings,
  publicUrl: string,
  personalUrl?: string,
): EmailBody {
  const url = ticketPageUrl(publicUrl, registration.ticket_code);
  const subject = `Seu ingresso para o ${event.name}`;
  const text = [
    ...intro(event.ticketEmailIntro, event, registration.nome_completo, url),
    '',
    `📅 ${when(event)}`,
    `📍 ${where(event)}`,
    '',
    '🎟️ Seu ingresso, com o QR code para a entrada:',
    url,
    '',
    'Nos vemos lá!',
  ].join('\n');
  const lines = text.split('\n');
  const html = page(
    subject,
    [
      ...lines.map((line) =>
        line === url
          ? `<p style="margin:0 0 12px;"><a href="${escapeHtml(url)}" style="color:#1d4ed8;word-break:break-all;">${escapeHtml(url)}</a></p>`
          : line === ''
            ? ''
            : `<p style="margin:0 0 12px;">${escapeHtml(line)}</p>`,
      ),
      `<p style="margin:16px 0;text-align:center;"><img src="cid:${qrContentId}" alt="QR code do ingresso" width="240" height="240" style="display:inline-block;width:240px;max-width:100%;height:auto;"></p>`,
      paragraphs(['O arquivo evento.ics anexo adiciona o evento à sua agenda.']),
      personalHtml(personalUrl),
    ]
      .filter(Boolean)
      .join('\n'),
    event,
  );
  const personal = personalUrl ? `\n\n${personalLines(personalUrl).join('\n')}` : '';
  return {
    subject,
    text: `${text}\n\nO arquivo evento.ics anexo adiciona o evento à sua agenda.${personal}`,
    html,
    replyTo: event.contactEmail,
  };
}

/** 'cancelled': the short confirmation that the registration is cancelled (decision 0130). */
export function cancelledEmail(
  registration: Registration,
  event: EventSettings,
  personalUrl?: string,
): EmailBody {
  const subject = `Inscrição cancelada: ${event.name}`;
  const lines = [
    `Olá, ${registration.nome_completo}.`,
    `Sua inscrição no ${event.name} (${when(event)}) foi cancelada. Se você tinha um ingresso, ele não vale mais, e sua vaga foi liberada para outra pessoa.`,
    `Foi um engano? Escreva para ${event.contactEmail}.`,
  ];
  const text = [...lines, ...(personalUrl ? ['', ...personalLines(personalUrl)] : [])].join('\n');
  const html = page(subject, [paragraphs(lines), personalHtml(personalUrl)].join('\n'), event);
  return { subject, text, html, replyTo: event.contactEmail };
}
