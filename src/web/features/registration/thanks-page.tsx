import { CircleCheckBig, MessageCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { paths } from '@shared/paths.ts';
import { PageLink } from '@/components/page-link.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useEvent } from '@/lib/event-config.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { EventDetails } from './event-details.tsx';

export function ThanksPage() {
  const event = useEvent();
  useDocumentTitle(`Inscrição confirmada · ${event.name}`);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Arriving from the form: put a screen reader (and the keyboard) at the news.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <main className="min-h-dvh px-4 py-10 sm:py-16">
      <div className="mx-auto max-w-md">
        <div className="bg-card rounded-2xl border p-6 text-center shadow-lg shadow-black/5 sm:p-8">
          <div className="bg-success/10 text-success mx-auto flex size-16 items-center justify-center rounded-full">
            <CircleCheckBig aria-hidden="true" className="size-9" />
          </div>
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="mt-5 text-3xl font-extrabold tracking-tight focus:outline-none"
          >
            Confirmado!
          </h1>
          <p className="mt-2 text-lg font-medium text-balance">
            Sua inscrição foi realizada com sucesso!
          </p>
          <p className="text-muted-foreground mt-3 flex items-start justify-center gap-2 text-left text-base">
            <MessageCircle aria-hidden="true" className="text-success mt-0.5 size-5 shrink-0" />
            <span>Você receberá seu ingresso pelo WhatsApp em breve.</span>
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
        </div>
      </div>
    </main>
  );
}
