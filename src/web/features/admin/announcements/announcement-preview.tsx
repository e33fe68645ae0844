// The message as a person will read it: the same filling as the server's (shared/event-texts.ts),
// for a sample person, with the event's settings as they are.
import { samplePerson } from '@shared/announcement.schema.ts';
import { fillPlaceholders, placeholderValues } from '@shared/event-texts.ts';
import { useEvent } from '@/lib/event-config.ts';
import { announcementsTexts as texts } from './announcements-texts.ts';

export function AnnouncementPreview({ subject, text }: { subject: string; text: string }) {
  const event = useEvent();
  const values = placeholderValues(event, {
    nome: samplePerson.nome,
    link: `${location.origin}/ingresso/EXEMPLO`,
  });
  const filledSubject = fillPlaceholders(subject, values).trim();
  const filledText = fillPlaceholders(text.trim(), values);
  return (
    <section
      aria-labelledby="aviso-previa"
      className="bg-muted/40 grid gap-2 rounded-lg border p-4"
    >
      <h3 id="aviso-previa" className="font-semibold">
        {texts.preview}
      </h3>
      {filledSubject || filledText ? (
        <>
          <p className="text-muted-foreground text-sm">{texts.previewIntro(samplePerson.nome)}</p>
          <div className="bg-card grid gap-2 rounded-md border p-3 [overflow-wrap:anywhere]">
            <p className="font-bold">{filledSubject}</p>
            {filledText.split(/\n{2,}/).map((paragraph, index) => (
              <p key={index} className="whitespace-pre-line">
                {paragraph}
              </p>
            ))}
          </div>
        </>
      ) : (
        <p className="text-muted-foreground text-sm">{texts.previewEmpty}</p>
      )}
    </section>
  );
}
