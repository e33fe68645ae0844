// 'Resultados': what happened at the current edition (#resultados), kept live as check-ins arrive,
// and a past edition's (#edicoes/<id>/resultados), from the registrations the panel already loads.
import { ArrowLeft } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { EventSettings } from '@shared/event-settings.schema.ts';
import { eventStartsAt } from '@shared/event-start.ts';
import type { Registration } from '@shared/registration.schema.ts';
import { Button } from '@/components/ui/button.tsx';
import { EventProvider, useEvent } from '@/lib/event-config.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import type { Session } from '@/features/session/session-api.ts';
import type { Connection } from '@/lib/use-live-stream.ts';
import { adminTexts } from '../admin-texts.ts';
import { ConnectionStatus } from '../connection-status.tsx';
import { editionsTexts } from '../editions/editions-texts.ts';
import { useEditionRegistrations } from '../editions/use-edition-registrations.ts';
import { useEditions } from '../editions/use-editions.ts';
import { PanelHeader } from '../panel-header.tsx';
import type { LiveRegistrations } from '../use-live-registrations.ts';
import { sectionHash, type PanelSection } from '../use-panel-section.ts';
import { eventResults } from './attendance.ts';
import { LazyResultsView } from './lazy-results-view.tsx';
import { QuestionResults } from './question-results.tsx';
import { ReminderAnswersSection } from './reminder-answers.tsx';

export interface ResultsScreenProps {
  session: Session;
  onLoggedOut(): void;
  section: PanelSection;
}

/** The current edition's results: the live list's registrations, so check-ins show as they come. */
export function ResultsScreen({
  live,
  ...props
}: ResultsScreenProps & {
  /** The list, kept live by the panel's one stream (admin-screens.tsx). */
  live: LiveRegistrations;
}) {
  const event = useEvent();
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(`${adminTexts.results.heading} · ${adminTexts.title} · ${event.name}`);
  useEffect(() => heading.current?.focus(), []);
  const { listState, registrations, reload, connection } = live;
  return (
    <ResultsLayout {...props}>
      <ResultsHeading headingRef={heading} connection={connection} />
      {listState === 'loading' && <Loading />}
      {listState === 'error' && <LoadFailed onRetry={reload} />}
      {listState === 'ready' && <ResultsFigures registrations={registrations} event={event} />}
    </ResultsLayout>
  );
}

/**
 * An edition's results, on that edition's clocks, from its screen ('Ver resultados'): a past one's
 * as stored; the current one's from the live list, as on #resultados (a read of its own would be
 * a snapshot that misses the door's check-ins while it is open).
 */
export function EditionResultsScreen({
  editionId,
  live,
  ...props
}: ResultsScreenProps & {
  editionId: string;
  /** The current edition's list, kept live by the panel's one stream (admin-screens.tsx). */
  live: LiveRegistrations;
}) {
  const current = useEvent();
  const editions = useEditions();
  const edition = editions.data?.find((e) => e.id === editionId);
  const followsLive = edition?.current === true;
  const stored = useEditionRegistrations(editionId, edition !== undefined && !followsLive);
  const registrations = followsLive
    ? {
        data: live.listState === 'ready' ? live.registrations : undefined,
        isPending: live.listState === 'loading',
        isError: live.listState === 'error',
        refetch: live.reload,
      }
    : stored;
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(
    `${adminTexts.results.heading} · ${edition?.event.name ?? editionsTexts.heading} · ${adminTexts.title} · ${current.name}`,
  );
  const known = edition !== undefined;
  useEffect(() => {
    if (known) heading.current?.focus();
  }, [known]);
  return (
    <ResultsLayout {...props}>
      <p>
        <a
          href={sectionHash({ name: 'edition', id: editionId })}
          className="text-muted-foreground focus-visible:ring-ring inline-flex min-h-11 items-center gap-1 rounded text-sm font-semibold focus-visible:ring-2 focus-visible:outline-none"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {adminTexts.results.backToEdition}
        </a>
      </p>
      {(editions.isPending || (edition && registrations.isPending)) && <Loading />}
      {editions.isError && <LoadFailed onRetry={() => void editions.refetch()} />}
      {edition && registrations.isError && (
        <LoadFailed onRetry={() => void registrations.refetch()} />
      )}
      {editions.data && !edition && (
        <p role="alert" className="py-12 text-center">
          {editionsTexts.edition.notFound}
        </p>
      )}
      {edition && (
        <EventProvider value={edition.event}>
          <ResultsHeading
            headingRef={heading}
            edition={edition.event.name}
            connection={followsLive ? live.connection : undefined}
          />
          {registrations.data && (
            <ResultsFigures
              registrations={registrations.data}
              event={edition.event}
              editionId={edition.current ? undefined : editionId}
              // Nobody registers in a past edition: not "yet".
              empty={edition.current ? adminTexts.results.empty : editionsTexts.edition.empty}
            />
          )}
        </EventProvider>
      )}
    </ResultsLayout>
  );
}

/** The figures (their own chunk) with the numbers computed here, on the event's clocks. */
function ResultsFigures({
  registrations,
  event,
  editionId,
  empty = adminTexts.results.empty,
}: {
  registrations: readonly Registration[];
  event: EventSettings;
  /** A past edition's (the reminders' answers are asked by it). */
  editionId?: string;
  /** What to say when the edition has no registration. */
  empty?: string;
}) {
  const results = useMemo(() => eventResults(registrations, event), [registrations, event]);
  // When the screen opened: enough to say whether the event is over.
  const [openedAt] = useState(() => Date.now());
  const over = openedAt >= eventStartsAt(event).getTime() + event.durationMinutes * 60_000;
  if (registrations.length === 0) {
    return <p className="text-muted-foreground py-12 text-center">{empty}</p>;
  }
  return (
    <>
      <LazyResultsView results={results} over={over} />
      <QuestionResults registrations={registrations} questions={event.questions} />
      <ReminderAnswersSection
        registrations={registrations}
        event={event}
        over={over}
        {...(editionId ? { editionId } : {})}
      />
    </>
  );
}

function ResultsLayout({ children, ...props }: ResultsScreenProps & { children: ReactNode }) {
  return (
    <div className="min-h-dvh">
      <PanelHeader {...props} />
      <main className="mx-auto grid max-w-7xl gap-5 px-4 py-6 sm:px-6">{children}</main>
    </div>
  );
}

function ResultsHeading({
  headingRef,
  edition,
  connection,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** A past edition's name, after the title. */
  edition?: string;
  /** The live stream's state, for figures that follow it: whether they are still current. */
  connection?: Connection;
}) {
  const { timeZone } = useEvent();
  return (
    <div className="grid gap-1">
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-bold tracking-tight [overflow-wrap:anywhere] focus-visible:outline-none"
      >
        {edition ? `${adminTexts.results.heading}: ${edition}` : adminTexts.results.heading}
      </h2>
      <p className="text-muted-foreground text-sm">{adminTexts.results.intro(timeZone)}</p>
      {connection && (
        <ConnectionStatus connection={connection} className="text-muted-foreground text-sm" />
      )}
    </div>
  );
}

function Loading() {
  return (
    <p role="status" className="text-muted-foreground py-12 text-center">
      {adminTexts.results.loading}
    </p>
  );
}

function LoadFailed({ onRetry }: { onRetry(): void }) {
  return (
    <div className="flex flex-col items-center gap-4 py-12 text-center">
      <p role="alert">{adminTexts.results.loadFailed}</p>
      <Button variant="outline" onClick={onRetry}>
        {adminTexts.results.retry}
      </Button>
    </div>
  );
}
