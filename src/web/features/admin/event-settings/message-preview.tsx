// A message's text as one person would receive it, following every keystroke: the placeholders
// filled by the shared function the server's messages use (src/shared/event-texts.ts), with the
// event as typed so far (a field not yet valid shows its saved value).
import {
  eventDateSchema,
  eventTimeSchema,
  type EventSettings,
} from '@shared/event-settings.schema.ts';
import { fillPlaceholders, placeholderValues } from '@shared/event-texts.ts';
import { messageTextFields, type MessageTextField } from '@shared/message-placeholders.ts';
import { ticketPageUrl } from '@shared/paths.ts';
import { readPublicUrl } from '@/lib/public-url.ts';
import { eventSettingsTexts as texts } from './event-settings-texts.ts';
import type { SettingsFormValues } from './settings-form-values.ts';

/** The event the previews speak of: what is typed where it is valid, else what is saved. */
export function previewEvent(values: SettingsFormValues, saved: EventSettings): EventSettings {
  const typed = (value: string, fallback: string) => value.trim() || fallback;
  return {
    ...saved,
    name: typed(values.name, saved.name),
    venue: typed(values.venue, saved.venue),
    city: typed(values.city, saved.city),
    date: eventDateSchema.safeParse(values.date).success ? values.date : saved.date,
    time: eventTimeSchema.safeParse(values.time).success ? values.time : saved.time,
  };
}

export interface MessagePreviewProps {
  field: MessageTextField;
  text: string;
  event: EventSettings;
}

export function MessagePreview({ field, text, event }: MessagePreviewProps) {
  // A link only where the text may hold one (the message about a registration has no ticket yet).
  const link = (messageTextFields[field] as readonly string[]).includes('link')
    ? ticketPageUrl(readPublicUrl(), 'exemplo')
    : undefined;
  const filled = fillPlaceholders(
    text,
    placeholderValues(event, { nome: texts.previewPerson, link }),
  );
  return (
    <figure className="grid gap-1">
      <figcaption className="text-muted-foreground text-sm font-semibold">
        {texts.preview}
      </figcaption>
      <p className="bg-muted rounded-lg px-3 py-2 text-sm [overflow-wrap:anywhere]">
        {/* Lines as <br>: no white-space rule of its own (the public pages' style sheet holds
            every rule the panel uses). */}
        {filled
          .split('\n')
          .flatMap((line, index) => (index === 0 ? [line] : [<br key={index} />, line]))}
      </p>
    </figure>
  );
}
