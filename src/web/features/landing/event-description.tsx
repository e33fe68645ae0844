// The organizer's description under the tagline: paragraphs, line breaks and links, each character
// written by React (escaped), never as HTML (decision 0232).
import { textParagraphs } from '@shared/plain-text.ts';

export function EventDescription({ text }: { text: string }) {
  const paragraphs = textParagraphs(text);
  if (paragraphs.length === 0) return null;
  return (
    <div className="mx-auto mt-6 grid max-w-2xl gap-3 text-left text-base text-pretty whitespace-pre-line text-white/85 sm:text-center">
      {paragraphs.map((pieces, index) => (
        <p key={index} className="[overflow-wrap:anywhere]">
          {pieces.map((piece, at) =>
            'href' in piece ? (
              <a
                key={at}
                href={piece.href}
                rel="noopener nofollow ugc"
                className="focus-visible:ring-accent rounded font-semibold text-white underline underline-offset-4 focus-visible:ring-2 focus-visible:outline-none"
              >
                {piece.text}
              </a>
            ) : (
              piece.text
            ),
          )}
        </p>
      ))}
    </div>
  );
}
