// One edition opened from 'Edições': its registrations read-only (no confirming, sending or
// deleting), exported to CSV with its own prefix and time zone, and the history of its settings.
// Inside, `useEvent()` is that edition's settings: every date is on its clocks.
import { ArrowLeft, ChartColumn, Download } from 'lucide-react';
import { useDeferredValue, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { buildCsv, csvFileName } from '@shared/csv.ts';
import type { Edition } from '@shared/edition.schema.ts';
import { formatEventDate, formatEventTime } from '@shared/event.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { SearchField } from '@/components/ui/search-field.tsx';
import { toast } from '@/components/ui/toaster.tsx';
import { EventProvider, useEvent } from '@/lib/event-config.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import type { Session } from '@/features/session/session-api.ts';
import { adminTexts } from '../admin-texts.ts';
import { downloadCsv } from '../download-csv.ts';
import { PanelHeader } from '../panel-header.tsx';
import { filterRegistrations } from '../registration-search.ts';
import { useCardGrid } from '../use-card-grid.ts';
import { sectionHash, type PanelSection } from '../use-panel-section.ts';
import { EditionChanges } from './edition-changes.tsx';
import { EditionRegistrationCard } from './edition-registration-card.tsx';
import { editionsTexts } from './editions-texts.ts';
import { useEditionRegistrations } from './use-edition-registrations.ts';
import { useEditions } from './use-editions.ts';

const texts = editionsTexts.edition;

export interface EditionScreenProps {
  session: Session;
  onLoggedOut(): void;
  section: PanelSection;
  editionId: string;
}

export function EditionScreen({ editionId, ...props }: EditionScreenProps) {
  const current = useEvent();
  const editions = useEditions();
  const edition = editions.data?.find((e) => e.id === editionId);
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(
    `${edition?.event.name ?? editionsTexts.heading} · ${adminTexts.title} · ${current.name}`,
  );
  const loaded = edition !== undefined;
  // Start at the edition's title once it is known, as a new page would.
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  return (
    <div className="min-h-dvh">
      <PanelHeader {...props} />
      <main className="mx-auto grid max-w-7xl gap-5 px-4 py-6 sm:px-6">
        <p>
          <a
            href={sectionHash({ name: 'editions' })}
            className="text-muted-foreground focus-visible:ring-ring inline-flex min-h-11 items-center gap-1 rounded text-sm font-semibold focus-visible:ring-2 focus-visible:outline-none"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {texts.back}
          </a>
        </p>
        {editions.isPending && (
          <p role="status" className="text-muted-foreground py-12 text-center">
            {editionsTexts.loading}
          </p>
        )}
        {editions.isError && (
          <div className="flex flex-col items-center gap-4 py-12 text-center">
            <p role="alert">{editionsTexts.loadFailed}</p>
            <Button variant="outline" onClick={() => void editions.refetch()}>
              {editionsTexts.retry}
            </Button>
          </div>
        )}
        {editions.data && !edition && (
          <p role="alert" className="py-12 text-center">
            {texts.notFound}
          </p>
        )}
        {edition && (
          <EventProvider value={edition.event}>
            <EditionView edition={edition} headingRef={heading} />
          </EventProvider>
        )}
      </main>
    </div>
  );
}

function EditionView({
  edition,
  headingRef,
}: {
  edition: Edition;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { event } = edition;
  const registrations = useEditionRegistrations(edition.id);
  const all = registrations.data ?? noRegistrations;
  const [searchTerm, setSearchTerm] = useState('');
  const deferredTerm = useDeferredValue(searchTerm);
  const shown = useMemo(() => filterRegistrations(all, deferredTerm), [all, deferredTerm]);
  const searching = shown !== all;
  const { attachContainer, attachList, start, end, before, after, measured } = useCardGrid(
    shown.length,
  );

  // The whole edition, whatever the search shows; named with its own prefix.
  function exportCsv() {
    if (all.length === 0) {
      toast.warning(adminTexts.csv.noData, { description: adminTexts.csv.noDataDescription });
      return;
    }
    downloadCsv(buildCsv(all, event), csvFileName(event.csvPrefix, new Date()));
    toast.success(adminTexts.csv.exported, {
      description: adminTexts.csv.exportedDescription(all.length),
    });
  }

  return (
    <>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h2
              ref={headingRef}
              tabIndex={-1}
              className="text-xl font-bold tracking-tight [overflow-wrap:anywhere] focus-visible:outline-none"
            >
              {event.name}
            </h2>
            <Badge variant={edition.current ? 'success' : 'muted'}>
              {edition.current ? editionsTexts.current : editionsTexts.past}
            </Badge>
          </div>
          <p className="text-sm">
            {editionsTexts.when(formatEventDate(event), formatEventTime(event))} ·{' '}
            <span className="[overflow-wrap:anywhere]">
              {event.venue}, {event.city}
            </span>
          </p>
          <p className="text-muted-foreground text-sm">
            {edition.current ? texts.currentNote : texts.readOnly}
          </p>
        </div>
        <div className="grid shrink-0 grid-cols-2 gap-2 sm:flex">
          <Button asChild variant="outline" size="toolbar">
            <a href={sectionHash({ name: 'editionResults', id: edition.id })}>
              <ChartColumn aria-hidden="true" className="size-4 shrink-0" />
              {texts.results}
            </a>
          </Button>
          <Button variant="outline" size="toolbar" onClick={exportCsv}>
            <Download aria-hidden="true" className="size-4 shrink-0" />
            {texts.exportCsv}
          </Button>
        </div>
      </div>

      <EditionChanges editionId={edition.id} />

      {registrations.isPending && (
        <p role="status" className="text-muted-foreground py-12 text-center">
          {texts.loading}
        </p>
      )}
      {registrations.isError && (
        <div className="flex flex-col items-center gap-4 py-12 text-center">
          <p role="alert">{texts.loadFailed}</p>
          <Button variant="outline" onClick={() => void registrations.refetch()}>
            {editionsTexts.retry}
          </Button>
        </div>
      )}
      {registrations.data?.length === 0 && (
        <p className="text-muted-foreground py-12 text-center">{texts.empty}</p>
      )}
      {all.length > 0 && (
        <SearchField
          id="busca-edicao"
          texts={adminTexts.search}
          value={searchTerm}
          onChange={setSearchTerm}
          result={searching && shown.length > 0 ? adminTexts.search.found(shown.length) : ''}
        />
      )}
      {all.length > 0 && shown.length === 0 && (
        <p
          role="status"
          className="text-muted-foreground py-12 text-center [overflow-wrap:anywhere]"
        >
          {adminTexts.search.noMatch(deferredTerm.trim())}
        </p>
      )}
      {shown.length > 0 && (
        // Windowed like the live list: a past edition may hold thousands.
        <div ref={attachContainer}>
          <div aria-hidden="true" style={{ height: before }} />
          <ul
            ref={attachList}
            role="list"
            aria-label={
              searching ? adminTexts.search.found(shown.length) : texts.listLabel(shown.length)
            }
            className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
          >
            {shown.slice(start, end).map((registration, offset) => (
              <EditionRegistrationCard
                key={registration.id}
                registration={registration}
                position={start + offset + 1}
                total={shown.length}
                {...measured(start + offset)}
              />
            ))}
          </ul>
          <div aria-hidden="true" style={{ height: after }} />
        </div>
      )}
    </>
  );
}

const noRegistrations: never[] = [];
