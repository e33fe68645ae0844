// The organizer's plain text as pages show it (the event's description): blank lines make
// paragraphs, a line break stays one, and a web address becomes a link. Pure data out, no HTML:
// React writes it, escaping every character the organizer typed (decision 0232).

export type TextPiece = { text: string } | { text: string; href: string };

/** `https://…`, `http://…` or `www.…`, up to the next space or character no address ends with. */
const webAddress = /\b(?:https?:\/\/|www\.)[^\s<>"]+/giu;
/** Punctuation that ends a sentence after an address rather than belonging to it. */
const trailingPunctuation = /[.,;:!?'")\]]+$/u;

/** One paragraph's pieces: the text between addresses, and each address with where it leads. */
export function linkedPieces(paragraph: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let from = 0;
  for (const match of paragraph.matchAll(webAddress)) {
    const found = match[0];
    const address = found.replace(trailingPunctuation, '');
    // An address whose closing parenthesis is its own, as Wikipedia's are, keeps it.
    const kept =
      address.includes('(') && found.slice(address.length).startsWith(')')
        ? `${address})`
        : address;
    if (match.index > from) pieces.push({ text: paragraph.slice(from, match.index) });
    const href = /^https?:\/\//iu.test(kept) ? kept : `https://${kept}`;
    pieces.push({ text: kept, href });
    from = match.index + kept.length;
  }
  if (from < paragraph.length) pieces.push({ text: paragraph.slice(from) });
  return pieces;
}

/** The text's paragraphs: split at blank lines, trimmed, none empty. */
function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/gu, '\n')
    .split(/\n\s*\n/u)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

/** The text's paragraphs, each as pieces; none for an empty text. */
export function textParagraphs(text: string): TextPiece[][] {
  return paragraphsOf(text).map(linkedPieces);
}

/** The text's first paragraph on one line, cut at a word to at most `max` characters ('…'). */
export function shortText(text: string, max: number): string {
  const first = (paragraphsOf(text)[0] ?? '').replace(/\s+/gu, ' ');
  if (first.length <= max) return first;
  const cut = first.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/u, '')}…`;
}
