// A ticket's code, the one shape every side knows: 128 random bits in base64url (22 characters;
// made by the server, src/server/tickets/ticket-code.ts). A ticket's QR carries its ticket page's
// absolute URL (`<PUBLIC_URL>/ingresso/<code>`); the door reads the code at its end.
import { z } from 'zod';
import { ticketPage } from './paths.ts';

const codeShape = /^[A-Za-z0-9_-]{22}$/;

/** Anything else is no ticket of ours: the server answers 404 before the database sees it. */
export function isTicketCode(value: string): boolean {
  return codeShape.test(value);
}

/** A ticket code in the API's answers. */
export const ticketCodeSchema = z.string().regex(codeShape);

const pagePrefix = ticketPage.slice(0, ticketPage.indexOf(':code'));

/** The ticket code in a scanned (or typed) text, or null when the text is no ticket of ours. */
export function ticketCodeFrom(scanned: string): string | null {
  const text = scanned.trim();
  if (isTicketCode(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  // Any host: the site may be reached under another name than PUBLIC_URL's at the door.
  if (!url.pathname.startsWith(pagePrefix)) return null;
  let code: string;
  try {
    code = decodeURIComponent(url.pathname.slice(pagePrefix.length).replace(/\/$/, ''));
  } catch {
    return null;
  }
  return isTicketCode(code) ? code : null;
}
