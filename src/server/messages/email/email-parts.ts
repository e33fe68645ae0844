// The parts an e-mail carries inside it (no remote image): the edition's logo, and a ticket's QR
// code (shown by Content-ID) with the calendar file beside it.
import { ticketPageUrl } from '../../../shared/paths.ts';
import type { EventSettings } from '../../../shared/event-settings.schema.ts';
import type { StoredImage } from '../../logo/event-images.repository.ts';
import { ticketCalendarFile } from '../../tickets/event-calendar.ts';
import { qrCodePng } from '../../tickets/ticket-qr.ts';
import { logoContentId, qrContentId } from './email-bodies.ts';

/** The logo as an inline part of the e-mail, which its HTML shows by Content-ID. */
export function logoAttachment(logo: StoredImage | undefined) {
  if (!logo) return [];
  const extension = logo.contentType === 'image/jpeg' ? 'jpg' : 'png';
  return [
    {
      filename: `logotipo.${extension}`,
      content: logo.bytes,
      contentType: logo.contentType,
      cid: logoContentId,
    },
  ];
}

/** The ticket's QR code (inline) and the event's .ics: the ticket's e-mail and the reminder's. */
export function ticketAttachments(event: EventSettings, publicUrl: string, code: string) {
  return [
    {
      filename: 'ingresso-qr.png',
      content: qrCodePng(ticketPageUrl(publicUrl, code)),
      contentType: 'image/png',
      cid: qrContentId,
    },
    {
      filename: 'evento.ics',
      content: ticketCalendarFile(event, publicUrl, code),
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    },
  ];
}
