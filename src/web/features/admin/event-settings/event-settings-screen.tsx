// The 'Evento' screen: the current edition's settings, edited and saved without a restart.
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { useEvent } from '@/lib/event-config.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import type { Session } from '@/features/session/session-api.ts';
import { adminTexts } from '../admin-texts.ts';
import { EditionChanges } from '../editions/edition-changes.tsx';
import { useEditions } from '../editions/use-editions.ts';
import { PanelHeader } from '../panel-header.tsx';
import { useVersionedEventSettings } from '../use-event-settings.ts';
import type { PanelSection } from '../use-panel-section.ts';
import { EventSettingsForm } from './event-settings-form.tsx';
import { eventSettingsTexts as texts } from './event-settings-texts.ts';

export interface EventSettingsScreenProps {
  session: Session;
  onLoggedOut(): void;
  section: PanelSection;
}

export function EventSettingsScreen(props: EventSettingsScreenProps) {
  const event = useEvent();
  const settings = useVersionedEventSettings();
  // The current edition's history of changes, under the form.
  const current = useEditions().data?.find((edition) => edition.current);
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(`${texts.heading} · ${adminTexts.title} · ${event.name}`);
  // A new screen: start at its title, as a new page would.
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="min-h-dvh">
      <PanelHeader {...props} />
      <main className="mx-auto grid max-w-2xl gap-5 px-4 py-6 sm:px-6">
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
        {settings.isPending && (
          <p role="status" className="text-muted-foreground py-12 text-center">
            {texts.loading}
          </p>
        )}
        {settings.isError && (
          <div className="flex flex-col items-center gap-4 py-12 text-center">
            <p role="alert">{texts.loadFailed}</p>
            <Button variant="outline" onClick={() => void settings.refetch()}>
              {texts.retry}
            </Button>
          </div>
        )}
        {settings.data && <EventSettingsForm current={settings.data} />}
        {current && <EditionChanges editionId={current.id} />}
      </main>
    </div>
  );
}
