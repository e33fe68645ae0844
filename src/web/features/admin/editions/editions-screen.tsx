// The 'Edições' screen: every edition, the current one first among them as the server orders them
// (newest first), 'Nova edição', and a link to open each past one.
import { Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { formatEventDate, formatEventTime } from '@shared/event.ts';
import type { Edition } from '@shared/edition.schema.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useEvent } from '@/lib/event-config.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import type { Session } from '@/features/session/session-api.ts';
import { adminTexts } from '../admin-texts.ts';
import { PanelHeader } from '../panel-header.tsx';
import { sectionHash, type PanelSection } from '../use-panel-section.ts';
import { editionsTexts as texts } from './editions-texts.ts';
import { NewEditionDialog } from './new-edition-dialog.tsx';
import { useEditions } from './use-editions.ts';

export interface EditionsScreenProps {
  session: Session;
  onLoggedOut(): void;
  section: PanelSection;
}

export function EditionsScreen(props: EditionsScreenProps) {
  const event = useEvent();
  const editions = useEditions();
  const heading = useRef<HTMLHeadingElement>(null);
  const [creating, setCreating] = useState(false);
  useDocumentTitle(`${texts.heading} · ${adminTexts.title} · ${event.name}`);
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="min-h-dvh">
      <PanelHeader {...props} />
      <main className="mx-auto grid max-w-2xl gap-5 px-4 py-6 sm:px-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="grid gap-1">
            <h2
              ref={heading}
              tabIndex={-1}
              className="text-xl font-bold tracking-tight focus-visible:outline-none"
            >
              {texts.heading}
            </h2>
            <p className="text-muted-foreground text-sm">{texts.intro}</p>
          </div>
          <Button className="shrink-0" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            {texts.newEdition.open}
          </Button>
        </div>
        {editions.isPending && (
          <p role="status" className="text-muted-foreground py-12 text-center">
            {texts.loading}
          </p>
        )}
        {editions.isError && (
          <div className="flex flex-col items-center gap-4 py-12 text-center">
            <p role="alert">{texts.loadFailed}</p>
            <Button variant="outline" onClick={() => void editions.refetch()}>
              {texts.retry}
            </Button>
          </div>
        )}
        {editions.data && (
          <ul role="list" aria-label={texts.label(editions.data.length)} className="grid gap-4">
            {editions.data.map((edition) => (
              <EditionItem key={edition.id} edition={edition} />
            ))}
          </ul>
        )}
      </main>
      <NewEditionDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}

function EditionItem({ edition }: { edition: Edition }) {
  const headingId = useId();
  const { event } = edition;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="bg-card grid gap-3 rounded-lg border p-5 shadow-sm"
      >
        <div className="flex items-start justify-between gap-3">
          <h3 id={headingId} className="text-lg leading-snug font-bold [overflow-wrap:anywhere]">
            {event.name}
          </h3>
          <Badge variant={edition.current ? 'success' : 'muted'} className="mt-0.5 shrink-0">
            {edition.current ? texts.current : texts.past}
          </Badge>
        </div>
        <div className="text-sm">
          <p>{texts.when(formatEventDate(event), formatEventTime(event))}</p>
          <p className="text-muted-foreground [overflow-wrap:anywhere]">
            {event.venue}, {event.city}
          </p>
          <p className="text-muted-foreground">{texts.registrations(edition.registrations)}</p>
        </div>
        <div>
          <Button asChild size="sm" variant="outline">
            <a
              href={
                edition.current
                  ? sectionHash({ name: 'registrations' })
                  : sectionHash({ name: 'edition', id: edition.id })
              }
              aria-describedby={headingId}
            >
              {edition.current ? texts.openCurrent : texts.open}
            </a>
          </Button>
        </div>
      </article>
    </li>
  );
}
