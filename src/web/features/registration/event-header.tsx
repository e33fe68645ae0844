// The navy band on top of the form: the event's name, tagline, the description's opening, date,
// time and place.
import { shortText } from '@shared/plain-text.ts';
import { EventLogo } from '@/components/event-logo.tsx';
import { useEvent } from '@/lib/event-config.ts';
import { EventDetails } from './event-details.tsx';

/** The description's first paragraph, shortened: the form stays on the first screen. */
const descriptionOnForm = 160;

export function EventHeader() {
  const event = useEvent();
  return (
    <header className="bg-primary text-primary-foreground">
      {/* The same insets as the form card below, so the texts line up. */}
      <div className="mx-auto max-w-xl px-[calc(--spacing(8)+1px)] pt-7 pb-16 sm:px-[calc(--spacing(13)+1px)] sm:pt-12">
        <EventLogo logo={event.logo} eventName={event.name} className="mb-4 h-12 sm:h-14" />
        <p className="text-sm font-semibold text-highlight tracking-wide uppercase">Inscrição</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
          {event.name}
        </h1>
        <p className="mt-2 text-base text-pretty text-white/85">{event.tagline}</p>
        {event.description && (
          <p className="mt-2 text-sm text-pretty text-white/75 [overflow-wrap:anywhere]">
            {shortText(event.description, descriptionOnForm)}
          </p>
        )}
        <EventDetails tone="dark" className="mt-5" />
      </div>
    </header>
  );
}
