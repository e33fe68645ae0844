// The public ticket page (/ingresso/<code>): who it is for, the event, the QR code the door
// scans, whether it was used, and 'Adicionar à agenda'. Rendered by the server per request and
// sent without any script (entry-server.tsx): nothing here runs in the browser. Fits a 360 px
// phone, and prints on one A4 page.
import {
  CalendarPlus,
  CalendarX,
  CircleCheckBig,
  DoorOpen,
  Download,
  ExternalLink,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { eventDates } from '@shared/event.ts';
import { formatClockTime } from '@shared/labels.ts';
import type { TicketExpiry, TicketPageData } from '@shared/rendered-page.ts';
import { EventLogo } from '@/components/event-logo.tsx';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/cn.ts';
import { EventDatesProvider, EventProvider } from '@/lib/event-config.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { EventDetails } from '@/features/registration/event-details.tsx';

function Field({
  term,
  className,
  children,
}: {
  term: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt className="text-muted-foreground text-xs font-medium tracking-wide uppercase">{term}</dt>
      <dd className={cn('break-words', className)}>{children}</dd>
    </div>
  );
}

const expiryTexts = {
  event_over: 'Evento encerrado',
  past_edition: 'Ingresso de uma edição passada',
} satisfies Record<TicketExpiry, string>;

function TicketState({
  checkedInAt,
  timeZone,
  expired,
}: {
  checkedInAt: string | null;
  timeZone: string;
  expired: TicketExpiry | null;
}) {
  if (checkedInAt === null && expired) {
    return (
      <p className="bg-muted text-muted-foreground flex items-center justify-center gap-2 rounded-xl px-4 py-3 text-lg font-bold">
        <CalendarX aria-hidden="true" className="size-6 shrink-0" />
        {expiryTexts[expired]}
      </p>
    );
  }
  if (checkedInAt === null) {
    return (
      <p className="bg-success/10 text-success flex items-center justify-center gap-2 rounded-xl px-4 py-3 text-lg font-bold">
        <CircleCheckBig aria-hidden="true" className="size-6 shrink-0" />
        Ingresso válido
      </p>
    );
  }
  return (
    <p className="bg-warning text-warning-foreground flex items-center justify-center gap-2 rounded-xl px-4 py-3 text-lg font-bold">
      <DoorOpen aria-hidden="true" className="size-6 shrink-0" />
      Entrada registrada às {formatClockTime(checkedInAt, timeZone)}
    </p>
  );
}

export function TicketPage({
  ticket,
  event,
  qrSvg,
  calendarPath,
  googleCalendarUrl,
  expired,
}: TicketPageData) {
  useDocumentTitle(`Ingresso · ${event.name}`);
  return (
    <EventProvider value={event}>
      <EventDatesProvider value={eventDates(event)}>
        <main className="min-h-dvh px-4 py-6 sm:py-12 print:min-h-0 print:p-0">
          <article
            aria-labelledby="ticket-title"
            className="bg-card mx-auto max-w-md rounded-2xl border p-5 shadow-lg shadow-black/5 sm:p-8 print:max-w-none print:border-0 print:shadow-none"
          >
            <EventLogo logo={event.logo} eventName={event.name} className="mb-4 h-12" />
            <p className="text-muted-foreground text-sm font-semibold tracking-wide uppercase">
              Ingresso
            </p>
            <h1 id="ticket-title" className="mt-1 text-2xl font-extrabold tracking-tight">
              {event.name}
            </h1>

            <dl className="mt-5 grid gap-3">
              <Field term="Participante" className="text-xl font-bold">
                {ticket.nome_completo}
              </Field>
              <Field term="Empresa" className="font-semibold">
                {ticket.nome_compania}
              </Field>
            </dl>

            <div className="mt-5">
              <TicketState
                checkedInAt={ticket.checked_in_at}
                timeZone={event.timeZone}
                expired={expired}
              />
            </div>

            <figure className="mt-5 text-center">
              <div
                role="img"
                aria-label="QR code do ingresso"
                className="mx-auto w-full max-w-64 print:max-w-[9cm] [&>svg]:h-auto [&>svg]:w-full"
                dangerouslySetInnerHTML={{ __html: qrSvg }}
              />
              <figcaption className="text-muted-foreground mt-2 text-sm">
                Mostre este QR code na entrada.
              </figcaption>
            </figure>

            <section aria-labelledby="event-title" className="bg-muted mt-5 rounded-xl p-4">
              <h2 id="event-title" className="font-bold">
                Quando e onde
              </h2>
              <EventDetails className="mt-3" />
            </section>

            <section aria-labelledby="calendar-title" className="mt-5 print:hidden">
              <h2 id="calendar-title" className="flex items-center gap-2 font-bold">
                <CalendarPlus aria-hidden="true" className="text-primary size-5" />
                Adicionar à agenda
              </h2>
              <div className="mt-3 grid gap-2 sm:grid-cols-2">
                <Button asChild variant="outline" className="w-full">
                  <a href={calendarPath} download="evento.ics">
                    <Download aria-hidden="true" className="size-4" />
                    Arquivo de agenda (.ics)
                  </a>
                </Button>
                <Button asChild variant="outline" className="w-full">
                  <a href={googleCalendarUrl} target="_blank" rel="noopener noreferrer">
                    <ExternalLink aria-hidden="true" className="size-4" />
                    Google Agenda
                    <span className="sr-only"> (abre em outra aba)</span>
                  </a>
                </Button>
              </div>
            </section>

            {/* Not a link to the person's own page: whoever sees a ticket must not cancel it
                (decision 0178). The link reached them in their messages. */}
            <p className="text-muted-foreground mt-5 text-center text-sm print:hidden">
              Não poderá comparecer? Cancele pelo link da sua inscrição, que você recebeu ao se
              inscrever.
            </p>
          </article>
        </main>
      </EventDatesProvider>
    </EventProvider>
  );
}
