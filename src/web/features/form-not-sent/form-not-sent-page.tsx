// What a visitor sees when the browser posted the form itself (docs/decisions/0177): the form
// page's script never ran (JavaScript off, its request lost on a flaky connection, a browser too
// old for modules), so nothing held the form. Rendered once per state of the event, without
// script; it quotes nothing of what was sent.
import { CircleAlert } from 'lucide-react';
import type { EventSettings } from '@shared/event-settings.schema.ts';
import { paths } from '@shared/paths.ts';
import { Button } from '@/components/ui/button.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { registrationTexts } from '@/features/registration/registration-texts.ts';

export const formNotSentTexts = {
  title: 'Inscrição não enviada',
  heading: 'Sua inscrição não foi enviada',
  reason: 'A página do formulário não terminou de carregar, e sua inscrição não chegou até nós.',
  back: 'Use o botão Voltar do navegador: o que você digitou continua lá.',
  again: `Depois, toque em “${registrationTexts.submit}” de novo.`,
  /** JavaScript off, a browser too old: trying again alone would end here again. */
  repeated: 'Se acontecer de novo, confira sua conexão ou tente outro navegador.',
  link: 'Abrir o formulário de novo',
  linkNote: 'Por este link, o formulário abre em branco.',
} as const;

export function FormNotSentPage({ event }: { event: Pick<EventSettings, 'name'> }) {
  const texts = formNotSentTexts;
  useDocumentTitle(`${texts.title} · ${event.name}`);
  return (
    <main className="min-h-dvh px-4 py-10 sm:py-16">
      <div className="mx-auto max-w-md">
        <div className="bg-card rounded-2xl border p-6 text-center shadow-lg shadow-black/5 sm:p-8">
          <div className="bg-destructive/10 text-destructive mx-auto flex size-16 items-center justify-center rounded-full">
            <CircleAlert aria-hidden="true" className="size-9" />
          </div>
          <h1 className="mt-5 text-3xl font-extrabold tracking-tight text-balance">
            {texts.heading}
          </h1>
          <p className="mt-2 text-lg font-medium text-balance">{texts.reason}</p>
          <ol className="mt-5 grid list-decimal gap-2 pl-6 text-left text-base">
            <li>{texts.back}</li>
            <li>{texts.again}</li>
          </ol>
          <p className="text-muted-foreground mt-3 text-left text-sm">{texts.repeated}</p>
          <Button asChild variant="outline" size="lg" className="mt-6 w-full text-base">
            <a href={paths.register}>{texts.link}</a>
          </Button>
          <p className="text-muted-foreground mt-2 text-sm">{texts.linkNote}</p>
        </div>
      </div>
    </main>
  );
}
