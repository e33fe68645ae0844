// The site's public address (PUBLIC_URL), which the server writes into every page as JSON: the
// base of the links sent to attendees. Under `vite dev` there is none: the address in use.
const publicUrlElementId = 'public-url';

export function readPublicUrl(): string {
  const text = document.getElementById(publicUrlElementId)?.textContent ?? '';
  try {
    const served: unknown = JSON.parse(text);
    if (typeof served === 'string' && /^https?:\/\//.test(served)) return served;
  } catch {
    // Not served by our server.
  }
  return location.origin;
}
