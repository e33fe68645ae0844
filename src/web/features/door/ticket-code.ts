// What a scanned QR says: a ticket's QR carries its ticket page's absolute URL
// (`<PUBLIC_URL>/ingresso/<code>`); the door needs the code at its end.
import { ticketPage } from '@shared/paths.ts';

const pagePrefix = ticketPage.slice(0, ticketPage.indexOf(':code'));
/** A code on its own (typed, or a QR printed by hand): URL-safe characters only. */
const bareCode = /^[A-Za-z0-9_-]{8,200}$/;

/** The ticket code in a scanned text, or null when the text is no ticket of ours. */
export function ticketCodeFrom(scanned: string): string | null {
  const text = scanned.trim();
  if (bareCode.test(text)) return text;
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
  return bareCode.test(code) ? code : null;
}
