// 'reminder': before the event, to everyone confirmed (issue 35.1). The subject says how soon, on
// the event's own calendar ('Amanhã: Build Safe'); the ticket's link and its QR code (by cid, with
// the .ics beside it: message-composition.ts), the place with a map link, and the same two answers
// as the WhatsApp reminder's, 'Vou comparecer' and 'Não poderei ir', as links to the steps of the
// person's own page, whose forms record them (issue 35.2): a link opened changes nothing.
import type { EventSettings } from '../../../shared/event-settings.schema.ts';
import { formatEventDate, formatEventTime } from '../../../shared/event.ts';
import {
  attendeeAttend,
  attendeeCancel,
  attendeeStepUrl,
  ticketPageUrl,
} from '../../../shared/paths.ts';
import type { EmailBody } from './email-bodies.ts';
import { escapeHtml, page, paragraphs, qrContentId } from './email-bodies.ts';

/** The calendar day of `now` on the event's clocks, `YYYY-MM-DD`. */
function dayOn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(now);
}

/** 'Hoje', 'Amanhã' or 'Em N dias': the calendar days from `now` to the event, on its clocks. */
export function howSoon(event: Pick<EventSettings, 'date' | 'timeZone'>, now: Date): string {
  const days = Math.round(
    (Date.parse(`${event.date}T00:00:00Z`) -
      Date.parse(`${dayOn(event.timeZone, now)}T00:00:00Z`)) /
      86_400_000,
  );
  if (days <= 0) return 'Hoje';
  return days === 1 ? 'Amanhã' : `Em ${days} dias`;
}

/** The place on a map, found by its words (no coordinates are kept). */
export function mapUrl(event: Pick<EventSettings, 'venue' | 'city'>): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${event.venue}, ${event.city}`)}`;
}

function link(url: string, text = url): string {
  return `<a href="${escapeHtml(url)}" style="color:#1d4ed8;word-break:break-all;">${escapeHtml(text)}</a>`;
}

export function reminderEmail(
  person: { nome_completo: string; ticket_code: string },
  event: EventSettings,
  publicUrl: string,
  personalUrl: string | undefined,
  now: Date,
): EmailBody {
  const ticketUrl = ticketPageUrl(publicUrl, person.ticket_code);
  const map = mapUrl(event);
  const subject = `${howSoon(event, now)}: ${event.name}`;
  const opening = [`Olá, ${person.nome_completo}!`, `Lembrete: o ${event.name} está chegando.`];
  const when = `📅 ${formatEventDate(event)}, às ${formatEventTime(event)}`;
  const where = `📍 ${event.venue}, ${event.city}`;
  const ticketLine = '🎟️ Seu ingresso, com o QR code para a entrada:';
  const calendar = 'O arquivo evento.ics anexo adiciona o evento à sua agenda.';
  const answers = 'Você vai? Responda por aqui:';
  const yes = personalUrl ? attendeeStepUrl(personalUrl, attendeeAttend) : undefined;
  const no = personalUrl ? attendeeStepUrl(personalUrl, attendeeCancel) : undefined;
  const yours = 'Sua inscrição:';
  const cannotCome = 'Se não puder ir, sua vaga passa para a próxima pessoa da lista de espera.';
  const text = [
    ...opening,
    '',
    when,
    where,
    `Mapa: ${map}`,
    '',
    ticketLine,
    ticketUrl,
    '',
    calendar,
    ...(personalUrl
      ? ['', answers, `Vou comparecer: ${yes}`, `Não poderei ir: ${no}`, cannotCome]
      : []),
    ...(personalUrl ? ['', yours, personalUrl] : []),
    '',
    `Dúvidas: ${event.contactEmail}`,
  ].join('\n');
  const p = (html: string) => `<p style="margin:0 0 12px;">${html}</p>`;
  const html = page(
    subject,
    [
      paragraphs(opening),
      p(escapeHtml(when)),
      p(`${escapeHtml(where)} (${link(map, 'ver no mapa')})`),
      p(`${escapeHtml(ticketLine)}<br>${link(ticketUrl)}`),
      `<p style="margin:16px 0;text-align:center;"><img src="cid:${qrContentId}" alt="QR code do ingresso" width="240" height="240" style="display:inline-block;width:240px;max-width:100%;height:auto;"></p>`,
      paragraphs([calendar]),
      personalUrl && yes && no
        ? p(
            `${escapeHtml(answers)}<br>${link(yes, 'Vou comparecer')} · ${link(no, 'Não poderei ir')}`,
          ) +
          p(escapeHtml(cannotCome)) +
          p(`${escapeHtml(yours)}<br>${link(personalUrl)}`)
        : '',
      paragraphs([`Dúvidas: ${event.contactEmail}`]),
    ]
      .filter(Boolean)
      .join('\n'),
    event,
  );
  return { subject, text, html, replyTo: event.contactEmail };
}
