// The panel's first screen: the live list of registrations and what can be done with each. The
// shell only composes: the actions, filters and selection are hooks (use-registration-*.ts,
// use-selected-registrations.ts), each part of the screen its own component.
import { useEffect, useRef } from 'react';
import { useEvent } from '@/lib/event-config.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import type { Session } from '@/features/session/session-api.ts';
import { adminTexts } from './admin-texts.ts';
import { BulkActions } from './bulk-actions.tsx';
import { DeleteRegistrationDialog } from './delete-registration-dialog.tsx';
import { PanelFilters } from './panel-filters.tsx';
import { PanelHeader } from './panel-header.tsx';
import { PanelSummary } from './panel-summary.tsx';
import { PanelToolbar } from './panel-toolbar.tsx';
import { PausedChannels } from './messaging-notice.tsx';
import { RegistrationGrid } from './registration-grid.tsx';
import { useListLayout } from './registration-table/use-list-layout.ts';
import { useDeleteRegistration } from './use-delete-registration.ts';
import type { LiveRegistrations } from './use-live-registrations.ts';
import { useMessaging } from './use-messaging.ts';
import type { PanelSection } from './use-panel-section.ts';
import { useCertificateActions } from './use-certificate-actions.ts';
import { useRegistrationActions } from './use-registration-actions.ts';
import { useRegistrationFilters } from './use-registration-filters.ts';
import { useSelectedRegistrations } from './use-selected-registrations.ts';

export interface AdminPanelProps {
  session: Session;
  onLoggedOut(): void;
  section: PanelSection;
  /** The list, kept live by the panel's one stream (admin-screens.tsx). */
  live: LiveRegistrations;
}

export function AdminPanel({ session, onLoggedOut, section, live }: AdminPanelProps) {
  const event = useEvent();
  useDocumentTitle(`${adminTexts.title} · ${event.name}`);
  const { listState, registrations, connection, apply } = live;
  const heading = useRef<HTMLHeadingElement>(null);
  const listLayout = useListLayout();
  const { state: messaging, channels } = useMessaging();
  const filters = useRegistrationFilters(registrations, channels, event.questions);
  const { selection, selectedRows, selectedFailed, bulk, clearSelection } =
    useSelectedRegistrations(registrations, heading);
  const actions = { ...useRegistrationActions(apply), ...useCertificateActions(apply) };
  const deletion = useDeleteRegistration(apply, heading);

  // After the login form, focus would be lost on the page: start at the panel's title.
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="min-h-dvh">
      <PausedChannels state={messaging} />
      <PanelHeader
        session={session}
        onLoggedOut={onLoggedOut}
        section={section}
        headingRef={heading}
        summary={
          <PanelSummary
            listState={listState}
            registrations={registrations}
            connection={connection}
            messaging={messaging}
          />
        }
        actions={<PanelToolbar listState={listState} registrations={registrations} />}
        below={
          listState === 'ready' && (
            <PanelFilters
              filters={filters}
              onSelect={selection.add}
              layout={listLayout.layout}
              onLayoutChange={listLayout.setLayout}
            />
          )
        }
      />

      <main className="mx-auto max-w-7xl px-4 py-3 sm:px-6 sm:py-6">
        <RegistrationGrid
          live={live}
          filters={filters}
          actions={actions}
          onDelete={deletion.askToDelete}
          selected={selection.selected}
          onSelect={selection.toggle}
          layout={listLayout}
          onSelectMany={selection.add}
          onUnselectMany={selection.remove}
          channels={channels}
          heading={heading}
        />
      </main>

      <BulkActions
        count={selectedRows.length}
        failedCount={selectedFailed.length}
        sending={filters.sending}
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

      <DeleteRegistrationDialog {...deletion.dialog} />
    </div>
  );
}
