// The thank-you pages, one per outcome of a registration (issue 33.6): received (waiting for the
// organizer's approval: the original's 'Confirmado!'), confirmed at once (automatic admission: the
// ticket's link and 'Adicionar à agenda' right there) and waitlisted (the person's place). Their
// titles and texts are the organizer's; the line about the ticket names the channels that will
// really carry it. Rendered by the server without script; after the form, by the form's code,
// with what the form's answer said (history state).
import { CalendarPlus, CircleCheckBig, Hourglass, MessageCircle, Ticket } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useHistoryState } from 'wouter/use-browser-location';
import type { ThanksOutcome } from '@shared/event-fields.ts';
import { paths, ticketCalendar, ticketPage, withCode } from '@shared/paths.ts';
import { EventLogo } from '@/components/event-logo.tsx';
import { PageLink } from '@/components/page-link.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useEvent } from '@/lib/event-config.ts';
import { useMessageProviders } from '@/lib/message-providers.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { EventDetails } from './event-details.tsx';
import {
  personalLinkText,
  positionLine,
  ticketChannels,
  ticketLine,
  waitlistedNext,
  type ThanksState,
} from './thanks-texts.ts';

/** The spec's thank-you page: the registration arrived, for the organizer to approve. */
export function ThanksPage() {
  return <Thanks outcome="received" />;
}

/** Confirmed on arrival (automatic admission, decision 0130): the ticket exists already. */
export function ConfirmedThanksPage() {
  return <Thanks outcome="confirmed" />;
}

/**
 * No seat was left (/obrigado/lista-de-espera): the registration is on the waiting list, and no
 * ticket is promised (decision 0130).
 */
export function WaitlistedThanksPage() {
  return <Thanks outcome="waitlisted" />;
}

const icons = { received: CircleCheckBig, confirmed: CircleCheckBig, waitlisted: Hourglass };

function Thanks({ outcome }: { outcome: ThanksOutcome }) {
  const event = useEvent();
  const { title, text } = event.thanks[outcome];
  useDocumentTitle(`${title} · ${event.name}`);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Arriving from the form: the page starts at its top, as a page loaded does (the form was
  // scrolled to its button, and the toast would cover a heading scrolled up under it), and a
  // screen reader (and the keyboard) is put at the news.
  useEffect(() => {
    window.scrollTo(0, 0);
    headingRef.current?.focus({ preventScroll: true });
  }, []);
  const Icon = icons[outcome];
  // Arriving from the form: its answer (nothing when the page was loaded as such).
  const state = useHistoryState<ThanksState | null>();
  const line = ticketLine(outcome, ticketChannels(useMessageProviders()));
  const position = outcome === 'waitlisted' ? state?.position : undefined;

  return (
    <main className="min-h-dvh px-4 py-10 sm:py-16">
      <div className="mx-auto max-w-md">
        <div className="bg-card rounded-2xl border p-6 text-center shadow-lg shadow-black/5 sm:p-8">
          <EventLogo logo={event.logo} eventName={event.name} className="mx-auto mb-5 h-12" />
          <div className="bg-success/10 text-success mx-auto flex size-16 items-center justify-center rounded-full">
            <Icon aria-hidden="true" className="size-9" />
          </div>
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="mt-5 text-3xl font-extrabold tracking-tight [overflow-wrap:anywhere] focus:outline-none"
          >
            {title}
          </h1>
          {text && (
            <p className="mt-2 text-lg font-medium text-balance [overflow-wrap:anywhere] whitespace-pre-line">
              {text}
            </p>
          )}
          {position !== undefined && (
            <p className="mt-3 text-base font-semibold">{positionLine(position)}</p>
          )}
          <p className="text-muted-foreground mt-3 flex items-start justify-center gap-2 text-left text-base">
            <MessageCircle aria-hidden="true" className="text-success mt-0.5 size-5 shrink-0" />
            <span>{line ?? waitlistedNext}</span>
          </p>

          {outcome === 'confirmed' && state?.ticketCode && <TicketLinks code={state.ticketCode} />}

          <section aria-labelledby="event-title" className="bg-muted mt-6 rounded-xl p-4 text-left">
            <h2 id="event-title" className="font-bold">
              {event.name}
            </h2>
            <EventDetails className="mt-3" />
          </section>

          <Button asChild size="lg" className="mt-6 w-full text-base">
            <PageLink to={paths.register}>Voltar para Início</PageLink>
          </Button>

          {state?.personalPage && (
            <p className="mt-4 text-left text-sm">
              {personalLinkText}{' '}
              <a
                href={state.personalPage}
                className="text-primary font-semibold break-all underline"
              >
                {state.personalPage}
              </a>
            </p>
          )}
        </div>
      </div>
    </main>
  );
}

/** The ticket, confirmed at once: its page (the QR code for the door) and the calendar file. */
function TicketLinks({ code }: { code: string }) {
  return (
    <div className="mt-5 grid gap-2 sm:grid-cols-2">
      <Button asChild variant="outline" className="w-full">
        <a href={withCode(ticketPage, code)}>
          <Ticket aria-hidden="true" className="size-4" />
          Ver meu ingresso
        </a>
      </Button>
      <Button asChild variant="outline" className="w-full">
        <a href={withCode(ticketCalendar, code)} download="evento.ics">
          <CalendarPlus aria-hidden="true" className="size-4" />
          Adicionar à agenda
        </a>
      </Button>
    </div>
  );
}
