// The panel's first screen: the live list of registrations and what can be done with each.
import { useMutation } from '@tanstack/react-query';
import { Download, DoorOpen } from 'lucide-react';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { buildCsv, csvFileName } from '@shared/csv.ts';
import type { ResendRequest } from '@shared/message.schema.ts';
import { ticketPageUrl } from '@shared/paths.ts';
import { eventErasureAt } from '@shared/retention.ts';
import type { Registration } from '@shared/registration.schema.ts';
import { ticketMessage, whatsappLink } from '@shared/whatsapp.ts';
import { Button } from '@/components/ui/button.tsx';
import { SearchField } from '@/components/ui/search-field.tsx';
import { toast } from '@/components/ui/toaster.tsx';
import { useEvent } from '@/lib/event-config.ts';
import { readPublicUrl } from '@/lib/public-url.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { ApiRequestError, isNotFound, isUnauthorized } from '@/lib/api-client.ts';
import type { Session } from '@/features/session/session-api.ts';
import {
  cancelRegistration,
  confirmRegistration,
  restoreRegistration,
  deleteRegistration,
  markTicketSent,
  resendMessage,
} from './admin-api.ts';
import { adminTexts } from './admin-texts.ts';
import { BulkActions } from './bulk-actions.tsx';
import { ConnectionStatus } from './connection-status.tsx';
import { DeleteRegistrationDialog } from './delete-registration-dialog.tsx';
import { DoorAccounts } from './door-accounts.tsx';
import { downloadCsv } from './download-csv.ts';
import { ListViews } from './list-views.tsx';
import { PanelHeader } from './panel-header.tsx';
import { PausedChannels, SendingOff } from './messaging-notice.tsx';
import { RegistrationCard } from './registration-card.tsx';
import { filterRegistrations } from './registration-search.ts';
import {
  countViews,
  deliveryViews,
  filterByView,
  hasFailure,
  type ListView,
} from './registration-views.ts';
import { countRegistrations } from './registrations-list.ts';
import { useBulkActions } from './use-bulk-actions.ts';
import { useCardGrid } from './use-card-grid.ts';
import { useKeptFocus } from './use-kept-focus.ts';
import type { LiveRegistrations } from './use-live-registrations.ts';
import { useMessaging } from './use-messaging.ts';
import type { PanelSection } from './use-panel-section.ts';
import { useSelection } from './use-selection.ts';

export interface AdminPanelProps {
  session: Session;
  onLoggedOut(): void;
  section: PanelSection;
  /** The list, kept live by the panel's one stream (admin-screens.tsx). */
  live: LiveRegistrations;
}

// A 401 from any request below ends the session in one place (lib/live-query-client.ts): here it
// only stops what was under way.
/** The promoted (oldest promotion first), then the others in their order. */
function promotedFirst(rows: Registration[]): Registration[] {
  const promoted = rows
    .filter((r) => r.promoted_at !== null)
    .sort((a, b) => (a.promoted_at! < b.promoted_at! ? -1 : 1));
  return promoted.length === 0
    ? rows
    : [...promoted, ...rows.filter((r) => r.promoted_at === null)];
}

/**
 * Why it failed, under the toast: the server's refusal (no seat left, cancelled…) or the
 * connection's ('Sem conexão com o servidor…', a timeout), in pt-BR either way.
 */
function reason(error: unknown): { description: string } | undefined {
  return error instanceof ApiRequestError ? { description: error.message } : undefined;
}

export function AdminPanel({ session, onLoggedOut, section, live }: AdminPanelProps) {
  const { mutateAsync: confirmOne } = useMutation({ mutationFn: confirmRegistration });
  const { mutateAsync: recordTicketSent } = useMutation({ mutationFn: markTicketSent });
  const { mutateAsync: deleteOne } = useMutation({ mutationFn: deleteRegistration });
  const { mutateAsync: resendOne } = useMutation({
    mutationFn: ({ id, request }: { id: string; request: ResendRequest }) =>
      resendMessage(id, request),
  });

  const event = useEvent();
  const erasureDate = useMemo(
    () =>
      new Intl.DateTimeFormat('pt-BR', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: event.timeZone,
      }),
    [event.timeZone],
  );
  useDocumentTitle(`${adminTexts.title} · ${event.name}`);
  const { listState, registrations, connection, entrances, apply, reload } = live;
  const counts = useMemo(
    () => countRegistrations(registrations, event.capacity),
    [registrations, event.capacity],
  );
  const heading = useRef<HTMLHeadingElement>(null);
  const [deleteTarget, setDeleteTarget] = useState<Registration | null>(null);
  const [deleting, setDeleting] = useState(false);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const [searchTerm, setSearchTerm] = useState('');
  const [accountsShown, setAccountsShown] = useState(false);
  const { state: messaging, channels } = useMessaging();
  const sending = channels.length > 0;
  const [chosenView, setView] = useState<ListView>('all');
  // A view about messages means nothing once no channel sends.
  const view = sending || !deliveryViews.has(chosenView) ? chosenView : 'all';
  const viewCounts = useMemo(() => countViews(registrations, channels), [registrations, channels]);
  const viewed = useMemo(() => {
    const rows = filterByView(registrations, view, channels);
    // Those a freed seat brought back from the waiting list head the pending queue (0130).
    return view === 'pending' ? promotedFirst(rows) : rows;
  }, [registrations, view, channels]);
  // Typing stays fluid with 10,000 rows: the list follows the box a moment later.
  const deferredTerm = useDeferredValue(searchTerm);
  const shownTerm = deferredTerm.trim();
  const shown = useMemo(() => filterRegistrations(viewed, deferredTerm), [viewed, deferredTerm]);
  const searching = shown !== registrations;
  const shownPending = useMemo(() => shown.filter((r) => r.status === 'pending'), [shown]);
  const shownFailed = useMemo(() => (sending ? shown.filter(hasFailure) : []), [shown, sending]);
  const selection = useSelection();
  // What is selected and still there (a registration deleted meanwhile drops out).
  const selectedRows = useMemo(
    () =>
      selection.selected.size === 0
        ? []
        : registrations.filter((r) => selection.selected.has(r.id)),
    [registrations, selection.selected],
  );
  const selectedFailed = useMemo(() => selectedRows.filter(hasFailure), [selectedRows]);
  // The selection as it is now, for an action that ends after ticks made while it ran.
  const selectedNow = useRef(selection.selected);
  useEffect(() => {
    selectedNow.current = selection.selected;
  }, [selection.selected]);
  function focusHeading() {
    // The bar and its focused button go away: the panel's title, without scrolling to it.
    heading.current?.focus({ preventScroll: true });
  }
  function clearSelection() {
    selection.clear();
    focusHeading();
  }
  function dropFromSelection(ids: readonly string[]) {
    const spent = new Set(ids);
    const barStays = [...selectedNow.current].some((id) => !spent.has(id));
    selection.remove(ids);
    if (!barStays) focusHeading();
  }
  const bulk = useBulkActions({ onDone: dropFromSelection });
  const { attachContainer, attachList, start, end, before, after, measured } = useCardGrid(
    shown.length,
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

  // After the login form, focus would be lost on the page: start at the panel's title.
  useEffect(() => heading.current?.focus(), []);

  const confirm = useCallback(
    async (registration: Registration) => {
      try {
        const updated = await confirmOne(registration.id);
        apply({ type: 'updated', registration: updated });
        toast.success(adminTexts.actions.confirmed, {
          description: adminTexts.actions.confirmedDescription,
        });
        return true;
      } catch (error) {
        if (!isUnauthorized(error)) toast.error(adminTexts.actions.confirmFailed, reason(error));
        return false;
      }
    },
    [apply, confirmOne],
  );

  // Seats (decision 0130): the organizer cancels, or restores a cancelled person.
  const { mutateAsync: cancelOne } = useMutation({ mutationFn: cancelRegistration });
  const { mutateAsync: restoreOne } = useMutation({ mutationFn: restoreRegistration });
  const cancel = useCallback(
    async (registration: Registration) => {
      try {
        apply({ type: 'updated', registration: await cancelOne(registration.id) });
        toast.success(adminTexts.actions.cancelled, {
          description: adminTexts.actions.cancelledDescription,
        });
        return true;
      } catch (error) {
        if (!isUnauthorized(error)) toast.error(adminTexts.actions.cancelFailed, reason(error));
        return false;
      }
    },
    [apply, cancelOne],
  );
  const restore = useCallback(
    async (registration: Registration) => {
      try {
        apply({ type: 'updated', registration: await restoreOne(registration.id) });
        toast.success(adminTexts.actions.restored);
        return true;
      } catch (error) {
        if (!isUnauthorized(error)) toast.error(adminTexts.actions.restoreFailed, reason(error));
        return false;
      }
    },
    [apply, restoreOne],
  );
  // Each waitlisted person's place: the oldest first, as the seats go.
  const waitlistPlaces = useMemo(() => {
    const waiting = registrations
      .filter((r) => r.status === 'waitlisted')
      .sort((a, b) =>
        a.created_at === b.created_at
          ? a.id < b.id
            ? -1
            : 1
          : a.created_at < b.created_at
            ? -1
            : 1,
      );
    return new Map(waiting.map((r, index) => [r.id, index + 1]));
  }, [registrations]);

  const sendTicket = useCallback(
    async (registration: Registration) => {
      // Opened within the click itself: after an await, popup blockers would stop the tab.
      // The ticket page on the site's public address (PUBLIC_URL), as its QR code says.
      const ticketUrl = registration.ticket_code
        ? ticketPageUrl(readPublicUrl(), registration.ticket_code)
        : undefined;
      const link = whatsappLink(
        registration.whatsapp,
        ticketMessage(registration, event, ticketUrl),
      );
      window.open(link, '_blank', 'noopener,noreferrer');
      toast.success(adminTexts.actions.ticketSent, {
        description: adminTexts.actions.ticketSentDescription(registration.nome_completo),
      });
      // Then the server records the send, so every panel shows who already got a ticket.
      try {
        apply({ type: 'updated', registration: await recordTicketSent(registration.id) });
      } catch (error) {
        if (!isUnauthorized(error))
          toast.error(adminTexts.actions.ticketRecordFailed, reason(error));
      }
    },
    [apply, recordTicketSent, event],
  );

  const resend = useCallback(
    async (registration: Registration, request: ResendRequest) => {
      try {
        await resendOne({ id: registration.id, request });
        // The card follows on the live stream ('Na fila', then where it gets).
        toast.success(adminTexts.messages.resent);
      } catch (error) {
        if (!isUnauthorized(error)) {
          toast.error(adminTexts.messages.resendFailed, {
            // The server's own words: the channel is off, the registration is not confirmed…
            description: error instanceof ApiRequestError ? error.message : undefined,
          });
        }
      }
    },
    [resendOne],
  );

  const askToDelete = useCallback((registration: Registration, button: HTMLButtonElement) => {
    returnFocusTo.current = button;
    setDeleteTarget(registration);
  }, []);

  async function deleteTargeted() {
    if (!deleteTarget) return;
    setDeleting(true);
    try {
      await deleteOne(deleteTarget.id);
      apply({ type: 'deleted', id: deleteTarget.id });
      toast.success(adminTexts.actions.deleted);
    } catch (error) {
      if (isNotFound(error)) {
        // Someone else deleted it first: the result the organizer asked for.
        apply({ type: 'deleted', id: deleteTarget.id });
        toast.success(adminTexts.actions.deleted);
      } else if (isUnauthorized(error)) {
        return;
      } else {
        toast.error(adminTexts.actions.deleteFailed, reason(error));
      }
    } finally {
      setDeleting(false);
    }
    setDeleteTarget(null);
  }

  function focusAfterDialog(closeEvent: Event) {
    closeEvent.preventDefault();
    const button = returnFocusTo.current;
    // The card is gone after a deletion: the page heading is the next sensible place.
    if (button?.isConnected) button.focus();
    else heading.current?.focus();
    returnFocusTo.current = null;
  }

  // The whole list, whatever the search shows.
  function exportCsv() {
    if (registrations.length === 0) {
      toast.warning(adminTexts.csv.noData, { description: adminTexts.csv.noDataDescription });
      return;
    }
    downloadCsv(buildCsv(registrations, event.timeZone), csvFileName(event.csvPrefix, new Date()));
    toast.success(adminTexts.csv.exported, {
      description: adminTexts.csv.exportedDescription(registrations.length),
    });
  }

  return (
    <div className="min-h-dvh">
      <PausedChannels state={messaging} />
      <PanelHeader
        session={session}
        onLoggedOut={onLoggedOut}
        section={section}
        headingRef={heading}
        summary={
          <>
            <div className="text-muted-foreground mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
              {listState === 'ready' && <p>{adminTexts.header.counts(counts)}</p>}
              <ConnectionStatus connection={connection} />
            </div>
            <p className="text-muted-foreground mt-1 text-sm">
              {adminTexts.header.erasure(
                erasureDate.format(eventErasureAt(event)),
                event.retentionDays,
              )}
            </p>
            <SendingOff state={messaging} />
          </>
        }
        actions={
          <>
            <Button
              variant="outline"
              size="toolbar"
              aria-expanded={accountsShown}
              aria-controls={accountsShown ? 'contas-portaria' : undefined}
              onClick={() => setAccountsShown((shown) => !shown)}
            >
              <DoorOpen aria-hidden="true" className="size-4 shrink-0" />
              {adminTexts.doorAccounts.open}
            </Button>
            {/* Until the list is here, 'Nenhum dado' would be untrue: no export yet. */}
            <Button
              variant="outline"
              onClick={exportCsv}
              size="toolbar"
              disabled={listState !== 'ready'}
            >
              <Download aria-hidden="true" className="size-4 shrink-0" />
              {adminTexts.header.exportCsv}
            </Button>
          </>
        }
        below={
          listState === 'ready' && (
            <div className="mx-auto grid max-w-7xl gap-1 px-4 pb-4 sm:px-6">
              <SearchField
                id="busca"
                texts={adminTexts.search}
                value={searchTerm}
                onChange={setSearchTerm}
                result={searching && shown.length > 0 ? adminTexts.search.found(shown.length) : ''}
              />
              <ListViews
                view={view}
                onViewChange={setView}
                counts={viewCounts}
                sending={sending}
                shownPending={shownPending.length}
                shownFailed={shownFailed.length}
                onSelectPending={() => selection.add(shownPending.map((r) => r.id))}
                onSelectFailed={() => selection.add(shownFailed.map((r) => r.id))}
              />
            </div>
          )
        }
      />

      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        {accountsShown && (
          <div className="max-w-xl pb-6">
            <DoorAccounts id="contas-portaria" />
          </div>
        )}
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
        {shown.length > 0 && (
          // Only the rows near the viewport are rendered; the spacers stand for the others.
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
                  onConfirm={confirm}
                  onCancel={cancel}
                  onRestore={restore}
                  waitlistPlace={waitlistPlaces.get(registration.id)}
                  onSendTicket={sendTicket}
                  onDelete={askToDelete}
                  selected={selection.selected.has(registration.id)}
                  onSelect={selection.toggle}
                  channels={channels}
                  onResend={resend}
                />
              ))}
            </ul>
            <div aria-hidden="true" style={{ height: after }} />
          </div>
        )}
      </main>

      <BulkActions
        count={selectedRows.length}
        failedCount={selectedFailed.length}
        sending={sending}
        busy={bulk.busy}
        onConfirm={() => void bulk.confirm(selectedRows.map((r) => r.id))}
        onResend={() =>
          void bulk.resend(
            selectedFailed.map((r) => r.id),
            selectedRows.map((r) => r.id),
          )
        }
        onClear={clearSelection}
      />

      <DeleteRegistrationDialog
        registration={deleteTarget}
        deleting={deleting}
        onCancel={() => setDeleteTarget(null)}
        onConfirm={deleteTargeted}
        onCloseAutoFocus={focusAfterDialog}
      />
    </div>
  );
}
