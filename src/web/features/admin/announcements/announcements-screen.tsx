// The 'Avisar inscritos' screen, in the top menu (issue 35.4): the announcement being written,
// with its preview, and those already sent with their counts.
import { useEffect, useRef } from 'react';
import { useEvent } from '@/lib/event-config.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import type { Session } from '@/features/session/session-api.ts';
import { adminTexts } from '../admin-texts.ts';
import { PanelHeader } from '../panel-header.tsx';
import type { PanelSection } from '../use-panel-section.ts';
import { AnnouncementForm } from './announcement-form.tsx';
import { AnnouncementsList } from './announcements-list.tsx';
import { announcementsTexts as texts } from './announcements-texts.ts';

export interface AnnouncementsScreenProps {
  session: Session;
  onLoggedOut(): void;
  section: PanelSection;
}

export function AnnouncementsScreen(props: AnnouncementsScreenProps) {
  const event = useEvent();
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
          <p className="text-muted-foreground">{texts.intro}</p>
        </div>
        <AnnouncementForm />
        <AnnouncementsList />
      </main>
    </div>
  );
}
