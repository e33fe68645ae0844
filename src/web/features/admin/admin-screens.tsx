// The signed-in panel: the screen the address names (registrations, 'Evento', the editions, one
// edition), each with the current edition's settings as `useEvent()`. The 'Evento' and editions
// screens load as their own chunk when first opened: the list stays the panel's first download.
import { lazy, Suspense } from 'react';
import type { Session } from '@/features/session/session-api.ts';
import { EventProvider, useEvent } from '@/lib/event-config.ts';
import { AdminPanel } from './admin-panel.tsx';
import { useEventSettings } from './use-event-settings.ts';
import { usePanelSection } from './use-panel-section.ts';

const EventSettingsScreen = lazy(async () => ({
  default: (await import('./event-settings/event-settings-screen.tsx')).EventSettingsScreen,
}));
const EditionsScreen = lazy(async () => ({
  default: (await import('./editions/editions-screen.tsx')).EditionsScreen,
}));
const EditionScreen = lazy(async () => ({
  default: (await import('./editions/edition-screen.tsx')).EditionScreen,
}));

export interface AdminScreensProps {
  session: Session;
  onLoggedOut(): void;
}

export function AdminScreens({ session, onLoggedOut }: AdminScreensProps) {
  const section = usePanelSection();
  const served = useEvent();
  const { data: settings } = useEventSettings();
  const screen = { session, onLoggedOut, section };
  return (
    <EventProvider value={settings ?? served}>
      <Suspense fallback={<main aria-busy="true" className="min-h-dvh" />}>
        {section.name === 'registrations' && <AdminPanel {...screen} />}
        {section.name === 'event' && <EventSettingsScreen {...screen} />}
        {section.name === 'editions' && <EditionsScreen {...screen} />}
        {section.name === 'edition' && <EditionScreen {...screen} editionId={section.id} />}
      </Suspense>
    </EventProvider>
  );
}
