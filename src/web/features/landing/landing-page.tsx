import { ArrowRight, CalendarDays, type LucideIcon } from 'lucide-react';
import { formatEventTime, type EventDates } from '@shared/event.ts';
import type { EventSettings } from '@shared/event-settings.schema.ts';
import { paths } from '@shared/paths.ts';
import { closedTexts } from '@shared/registration-window.ts';
import { EventLogo } from '@/components/event-logo.tsx';
import { PageLink } from '@/components/page-link.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useEvent, useEventDates } from '@/lib/event-config.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { EventDescription } from './event-description.tsx';
import { highlightIcon } from './highlight-icon.ts';

interface Highlight {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** The date's card, then the organizer's (issue 33.1). */
function highlights(event: EventSettings, dates: EventDates): Highlight[] {
  return [
    {
      icon: CalendarDays,
      title: dates.cardDate,
      text: `Às ${formatEventTime(event)} · ${event.venue}, ${event.city}`,
    },
    ...event.highlights.map((card) => ({ ...card, icon: highlightIcon[card.icon] })),
  ];
}

/** The cards' columns from a tablet's width up, by how many there are: no row of one but the last. */
const columns: Record<number, string> = {
  1: '',
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
};

/** In place of the button while registrations are not open (issue 33.5). */
function NotOpen({ event, dates }: { event: EventSettings; dates: EventDates }) {
  return (
    <div role="status" className="mt-10 text-center sm:mt-14">
      <p className="text-2xl font-bold">
        {dates.registration !== 'open' &&
          closedTexts.heading(dates.registration, dates.registrationOpens)}
      </p>
      <p className="mt-2 text-white/85">
        {closedTexts.contact}{' '}
        <a
          href={`mailto:${event.contactEmail}`}
          className="font-semibold text-white underline underline-offset-4 [overflow-wrap:anywhere]"
        >
          {event.contactEmail}
        </a>
        .
      </p>
    </div>
  );
}

export function LandingPage() {
  const event = useEvent();
  const dates = useEventDates();
  const cards = highlights(event, dates);
  useDocumentTitle(event.name);
  return (
    <main className="bg-primary text-primary-foreground relative flex min-h-dvh flex-col overflow-hidden">
      {/* A soft amber glow, like site lights at dawn; purely decorative. */}
      <div
        aria-hidden="true"
        className="bg-accent/25 pointer-events-none absolute -top-32 left-1/2 size-[28rem] -translate-x-1/2 rounded-full blur-3xl"
      />
      {/* Top-aligned on a phone: centred, the heading moved each time more of the page arrived on a
          slow connection (a layout shift of 0.10 in 2 of 5 Lighthouse runs); centred from sm up.
          The heading's block is as wide as it may be from the start: as wide as what had arrived,
          it widened under the logo when a long description came in (0.076 on a slow connection). */}
      <div className="relative mx-auto flex w-full max-w-5xl flex-1 flex-col justify-start px-5 py-12 sm:justify-center sm:py-20">
        <div className="mx-auto w-full max-w-2xl text-center">
          <EventLogo logo={event.logo} eventName={event.name} className="mx-auto mb-6" />
          {event.eyebrow && (
            <p className="text-sm font-semibold text-highlight tracking-widest uppercase">
              {event.eyebrow}
            </p>
          )}
          <h1 className="mt-3 text-5xl font-extrabold tracking-tight text-balance sm:text-7xl">
            {event.name}
          </h1>
          <p className="mt-4 text-lg text-pretty text-white/85 sm:text-xl">{event.tagline}</p>
          <EventDescription text={event.description} />
        </div>

        <ul className={`mt-10 grid gap-3 sm:mt-14 sm:gap-4 ${columns[cards.length] ?? columns[3]}`}>
          {cards.map(({ icon: Icon, title, text }, index) => (
            <li
              key={index}
              className="flex items-center gap-4 rounded-2xl border border-white/10 bg-white/5 p-4 sm:flex-col sm:items-start sm:p-6"
            >
              <span className="bg-accent text-accent-foreground flex size-12 shrink-0 items-center justify-center rounded-xl">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <div>
                <h2 className="text-lg font-bold">{title}</h2>
                <p className="text-sm text-white/80">{text}</p>
              </div>
            </li>
          ))}
        </ul>

        {dates.registration !== 'open' ? (
          <NotOpen event={event} dates={dates} />
        ) : (
          <div className="mt-10 flex justify-center sm:mt-14">
            {/* The form's code loads when the visitor reaches for this button, not before. */}
            <Button
              asChild
              variant="accent"
              size="xl"
              className="focus-visible:ring-offset-primary w-full sm:w-auto"
            >
              <PageLink to={paths.register}>
                Fazer Inscrição
                <ArrowRight aria-hidden="true" className="size-5" />
              </PageLink>
            </Button>
          </div>
        )}
      </div>
      <footer className="relative px-5 pb-6 text-center text-sm text-white/75">
        <PageLink
          to={paths.privacy}
          className="focus-visible:ring-accent inline-flex min-h-11 items-center rounded px-2 underline underline-offset-4 hover:text-white focus-visible:ring-2 focus-visible:outline-none"
        >
          Privacidade
        </PageLink>
      </footer>
    </main>
  );
}
