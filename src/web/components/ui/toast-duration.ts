// How long a toast stays: long enough to be read. Six seconds suit a title and a short line; a
// toast that says what went wrong and what to do next (a bulk confirmation stopped midway, a
// connection's reason) holds two or three sentences, and a person who reads slowly, or looked
// away from a phone for a moment, lost it (WCAG 2.2.1: time limits that can be adjusted; sonner
// also pauses while the pointer is on a toast or the tab is hidden).

/** The time every toast gets at least (ms). */
export const shortestToastMs = 6000;

/** Characters a slow reader gets through in a second, and the moment it takes to look. */
const charactersPerSecond = 12;
const lookMs = 1000;

/** The toast's text that is read: strings only (a description may be any React node). */
function textLength(...parts: unknown[]): number {
  return parts.reduce<number>((sum, part) => sum + (typeof part === 'string' ? part.length : 0), 0);
}

/** How long (ms) a toast with this title and description stays on screen. */
export function toastDuration(title: unknown, description?: unknown): number {
  const reading = lookMs + (textLength(title, description) / charactersPerSecond) * 1000;
  return Math.max(shortestToastMs, Math.round(reading));
}
