// The top of every screen of the panel: the screens' bar, the event's name, the panel's title,
// the screen's own buttons and 'Sair'; under the title, what the screen says about itself.
import { LogOut } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { useEvent } from '@/lib/event-config.ts';
import type { Session } from '@/features/session/session-api.ts';
import { useLogout } from '@/features/session/use-logout.ts';
import { adminTexts } from './admin-texts.ts';
import { PanelNav } from './panel-nav.tsx';
import type { PanelSection } from './use-panel-section.ts';

export interface PanelHeaderProps {
  session: Session;
  onLoggedOut(): void;
  section: PanelSection;
  /** The panel's title (h1): the screen focuses it. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** Under the title: counts, the connection, notes. */
  summary?: ReactNode;
  /** Buttons before 'Sair'. */
  actions?: ReactNode;
  /** Across the whole width, under the rest (the search box and the filters). */
  below?: ReactNode;
}

export function PanelHeader({
  session,
  onLoggedOut,
  section,
  headingRef,
  summary,
  actions,
  below,
}: PanelHeaderProps) {
  const event = useEvent();
  const { logout } = useLogout({ onLoggedOut, failed: adminTexts.session.logoutFailed });
  return (
    <header className="bg-card border-b">
      <PanelNav section={section} />
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-2 sm:flex-row sm:items-end sm:justify-between sm:gap-4 sm:px-6 sm:py-5">
        <div className="min-w-0">
          <p className="text-muted-foreground text-sm font-medium [overflow-wrap:anywhere]">
            {event.name}
          </p>
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-bold tracking-tight focus-visible:outline-none sm:text-3xl"
          >
            {adminTexts.title}
          </h1>
          {summary}
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          {actions}
          <Button
            variant="outline"
            onClick={() => void logout()}
            title={session.email}
            size="toolbar"
          >
            <LogOut aria-hidden="true" className="size-4 shrink-0" />
            {adminTexts.header.logout}
          </Button>
        </div>
      </div>
      {below}
    </header>
  );
}
