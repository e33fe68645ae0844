// The panel's list: loading, failed, empty, or what the filters show, as cards or as the table
// (registration-table/). Only the rows near the viewport are rendered; the spacers stand for the
// others.
import { useCallback, useMemo, useRef, type RefObject } from 'react';
import type { MessageChannel } from '@shared/message.schema.ts';
import type { Registration } from '@shared/registration.schema.ts';
import { Button } from '@/components/ui/button.tsx';
import { adminTexts } from './admin-texts.ts';
import { RegistrationCard } from './registration-card.tsx';
import { RegistrationTable } from './registration-table/registration-table.tsx';
import type { useListLayout } from './registration-table/use-list-layout.ts';
import { useCardGrid } from './use-card-grid.ts';
import { useKeptFocus } from './use-kept-focus.ts';
import type { LiveRegistrations } from './use-live-registrations.ts';
import type { useCertificateActions } from './use-certificate-actions.ts';
import type { RegistrationActions } from './use-registration-actions.ts';
import type { RegistrationFilters } from './use-registration-filters.ts';
import { waitlistPlaces } from './waitlist-places.ts';

export interface RegistrationGridProps {
  live: LiveRegistrations;
  filters: RegistrationFilters;
  actions: RegistrationActions & ReturnType<typeof useCertificateActions>;
  onDelete(registration: Registration, button: HTMLButtonElement): void;
  selected: ReadonlySet<string>;
  onSelect(id: string, selected: boolean): void;
  /** Cards or table, and the table's order. */
  layout: ReturnType<typeof useListLayout>;
  onSelectMany(ids: readonly string[]): void;
  onUnselectMany(ids: readonly string[]): void;
  channels: readonly MessageChannel[];
  /** Where the focus goes when the focused card leaves and no card is left. */
  heading: RefObject<HTMLHeadingElement | null>;
}

export function RegistrationGrid({
  live,
  filters,
  actions,
  onDelete,
  selected,
  onSelect,
  layout,
  onSelectMany,
  onUnselectMany,
  channels,
  heading,
}: RegistrationGridProps) {
  const { listState, registrations, entrances, reload } = live;
  const { shown, shownTerm, searching } = filters;
  const table = layout.layout === 'table';
  const { attachContainer, attachList, start, end, before, after, measured } = useCardGrid(
    table ? 0 : shown.length,
  );
  const listArea = useRef<HTMLDivElement | null>(null);
  const attachListArea = useCallback(
    (element: HTMLDivElement | null) => {
      listArea.current = element;
      attachContainer(element);
    },
    [attachContainer],
  );
  const keptFocus = useKeptFocus(shown, listArea, heading);
  const places = useMemo(() => waitlistPlaces(registrations), [registrations]);

  return (
    <>
      {listState === 'loading' && (
        <p role="status" className="text-muted-foreground py-12 text-center">
          {adminTexts.list.loading}
        </p>
      )}
      {listState === 'error' && (
        <div className="flex flex-col items-center gap-4 py-12 text-center">
          <p>{adminTexts.list.loadFailed}</p>
          <Button variant="outline" onClick={reload}>
            {adminTexts.list.retry}
          </Button>
        </div>
      )}
      {listState === 'ready' && registrations.length === 0 && (
        <p className="text-muted-foreground py-12 text-center">{adminTexts.list.empty}</p>
      )}
      {listState === 'ready' && registrations.length > 0 && shown.length === 0 && (
        <p
          role="status"
          className="text-muted-foreground py-12 text-center [overflow-wrap:anywhere]"
        >
          {shownTerm ? adminTexts.search.noMatch(shownTerm) : adminTexts.views.empty}
        </p>
      )}
      {shown.length > 0 && table && (
        <RegistrationTable
          shown={shown}
          label={searching ? adminTexts.search.found(shown.length) : undefined}
          sort={layout.sort}
          onSortChange={layout.setSort}
          selected={selected}
          onSelect={onSelect}
          onSelectMany={onSelectMany}
          onUnselectMany={onUnselectMany}
        />
      )}
      {shown.length > 0 && !table && (
        <div ref={attachListArea} onFocus={keptFocus.onFocus} onBlur={keptFocus.onBlur}>
          <div aria-hidden="true" style={{ height: before }} />
          {/* role="list": Safari drops the list semantics of an unstyled <ul>. */}
          <ul
            ref={attachList}
            role="list"
            aria-label={
              searching
                ? adminTexts.search.found(shown.length)
                : adminTexts.list.label(shown.length)
            }
            className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
          >
            {shown.slice(start, end).map((registration, offset) => (
              <RegistrationCard
                key={registration.id}
                registration={registration}
                position={start + offset + 1}
                {...measured(start + offset)}
                total={shown.length}
                entrances={entrances}
                onConfirm={actions.confirm}
                onCancel={actions.cancel}
                onRestore={actions.restore}
                onUndoEntry={actions.undoEntry}
                onIssueCertificate={actions.issueCertificate}
                onRevokeCertificate={actions.revokeCertificate}
                waitlistPlace={places.get(registration.id)}
                onSendTicket={actions.sendTicket}
                onDelete={onDelete}
                selected={selected.has(registration.id)}
                onSelect={onSelect}
                channels={channels}
                onResend={actions.resend}
              />
            ))}
          </ul>
          <div aria-hidden="true" style={{ height: after }} />
        </div>
      )}
    </>
  );
}
