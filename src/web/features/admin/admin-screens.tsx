// The signed-in panel: the screen the address names (registrations, results, 'Evento', the
// editions, one edition, its results, the door's accounts), each with the current edition's settings as `useEvent()`.
// One live stream for them all, open whichever screen shows: the list (and the results drawn from
// it) stays current, and the settings follow every change (docs/decisions/0120). All in the
// panel's own chunk: a chunk of their own would have split the panel into pieces that every public
// page's list of chunks names (docs/decisions/0116). The results' figures (their charts' library
// with them) alone load apart, when a results screen opens (docs/decisions/0140).
import type { Session } from '@/features/session/session-api.ts';
import { EventProvider, useEvent } from '@/lib/event-config.ts';
import { AdminPanel } from './admin-panel.tsx';
import { AnnouncementsScreen } from './announcements/announcements-screen.tsx';
import { DoorStaffScreen } from './door-staff/door-staff-screen.tsx';
import { EditionScreen } from './editions/edition-screen.tsx';
import { EditionsScreen } from './editions/editions-screen.tsx';
import { EventSettingsScreen } from './event-settings/event-settings-screen.tsx';
import { EditionResultsScreen, ResultsScreen } from './results/results-screen.tsx';
import { useEventSettings, useLiveEventSettings } from './use-event-settings.ts';
import { useLiveRegistrations } from './use-live-registrations.ts';
import { usePanelSection } from './use-panel-section.ts';

export interface AdminScreensProps {
  session: Session;
  onLoggedOut(): void;
}

export function AdminScreens({ session, onLoggedOut }: AdminScreensProps) {
  const section = usePanelSection();
  const served = useEvent();
  const { data: settings } = useEventSettings();
  const live = useLiveRegistrations(useLiveEventSettings());
  const screen = { session, onLoggedOut, section };
  return (
    <EventProvider value={settings ?? served}>
      {section.name === 'registrations' && <AdminPanel {...screen} live={live} />}
      {section.name === 'results' && <ResultsScreen {...screen} live={live} />}
      {section.name === 'event' && <EventSettingsScreen {...screen} />}
      {section.name === 'editions' && <EditionsScreen {...screen} />}
      {section.name === 'door' && <DoorStaffScreen {...screen} />}
      {section.name === 'announcements' && <AnnouncementsScreen {...screen} />}
      {section.name === 'edition' && <EditionScreen {...screen} editionId={section.id} />}
      {section.name === 'editionResults' && (
        <EditionResultsScreen {...screen} editionId={section.id} live={live} />
      )}
    </EventProvider>
  );
}
