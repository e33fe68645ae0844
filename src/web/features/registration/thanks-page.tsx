import { CircleCheckBig, Hourglass, MessageCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useHistoryState } from 'wouter/use-browser-location';
import { paths } from '@shared/paths.ts';
import { PageLink } from '@/components/page-link.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useEvent } from '@/lib/event-config.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { EventDetails } from './event-details.tsx';

/** The spec's thank-you page: the registration arrived, the ticket comes by WhatsApp. */
export function ThanksPage() {
  return <Thanks waitlisted={false} />;
}

/**
 * The thank-you page when no seat was left (/obrigado/lista-de-espera): the registration is on
 * the waiting list, and no ticket is promised (decision 0130).
 */
export function WaitlistedThanksPage() {
  return <Thanks waitlisted />;
}

export const waitlistedTexts = {
  title: 'Lista de espera',
  heading: 'Você está na lista de espera',
  lead: 'Recebemos sua inscrição, mas as vagas do evento já foram preenchidas.',
  next: 'Se uma vaga for liberada, ela vai para a próxima pessoa da lista, por ordem de chegada, e o ingresso chega quando a vaga for confirmada.',
} as const;

/** The person's own page, as the form hands it over (decision 0130). */
export const personalLinkText =
  'Guarde seu link pessoal: por ele você vê sua inscrição e pode cancelar se não puder comparecer.';

function Thanks({ waitlisted }: { waitlisted: boolean }) {
  const event = useEvent();
  useDocumentTitle(
    waitlisted
      ? `${waitlistedTexts.title} · ${event.name}`
      : `Inscrição confirmada · ${event.name}`,
  );
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Arriving from the form: put a screen reader (and the keyboard) at the news.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const Icon = waitlisted ? Hourglass : CircleCheckBig;
  // Arriving from the form: its answer's personal link (null when the page was loaded as such).
  const personalPage = useHistoryState<{ personalPage?: string } | null>()?.personalPage;

  return (
    <main className="min-h-dvh px-4 py-10 sm:py-16">
      <div className="mx-auto max-w-md">
        <div className="bg-card rounded-2xl border p-6 text-center shadow-lg shadow-black/5 sm:p-8">
          <div className="bg-success/10 text-success mx-auto flex size-16 items-center justify-center rounded-full">
            <Icon aria-hidden="true" className="size-9" />
          </div>
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="mt-5 text-3xl font-extrabold tracking-tight focus:outline-none"
          >
            {waitlisted ? waitlistedTexts.heading : 'Confirmado!'}
          </h1>
          <p className="mt-2 text-lg font-medium text-balance">
            {waitlisted ? waitlistedTexts.lead : 'Sua inscrição foi realizada com sucesso!'}
          </p>
          <p className="text-muted-foreground mt-3 flex items-start justify-center gap-2 text-left text-base">
            <MessageCircle aria-hidden="true" className="text-success mt-0.5 size-5 shrink-0" />
            <span>
              {waitlisted
                ? waitlistedTexts.next
                : 'Você receberá seu ingresso pelo WhatsApp em breve.'}
            </span>
          </p>

          <section aria-labelledby="event-title" className="bg-muted mt-6 rounded-xl p-4 text-left">
            <h2 id="event-title" className="font-bold">
              {event.name}
            </h2>
            <EventDetails className="mt-3" />
          </section>

          <Button asChild size="lg" className="mt-6 w-full text-base">
            <PageLink to={paths.register}>Voltar para Início</PageLink>
          </Button>

          {personalPage && (
            <p className="mt-4 text-left text-sm">
              {personalLinkText}{' '}
              <a href={personalPage} className="text-primary font-semibold break-all underline">
                {personalPage}
              </a>
            </p>
          )}
        </div>
      </div>
    </main>
  );
}
