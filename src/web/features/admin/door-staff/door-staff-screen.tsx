// The 'Contas da portaria' screen, in the top menu: where the door is (its full address and a QR
// code to show to staff), and the door accounts.
import { useEffect, useRef } from 'react';
import { useEvent } from '@/lib/event-config.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import type { Session } from '@/features/session/session-api.ts';
import { adminTexts } from '../admin-texts.ts';
import { DoorAccounts } from '../door-accounts.tsx';
import { PanelHeader } from '../panel-header.tsx';
import type { PanelSection } from '../use-panel-section.ts';
import { DoorAddress } from './door-address.tsx';
import { doorStaffTexts as texts } from './door-staff-texts.ts';

export interface DoorStaffScreenProps {
  session: Session;
  onLoggedOut(): void;
  section: PanelSection;
}

export function DoorStaffScreen(props: DoorStaffScreenProps) {
  const event = useEvent();
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(`${texts.heading} · ${adminTexts.title} · ${event.name}`);
  // A new screen: start at its title, as a new page would.
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="min-h-dvh">
      <PanelHeader {...props} />
      <main className="mx-auto grid max-w-2xl gap-5 px-4 py-6 sm:px-6">
        <h2
          ref={heading}
          tabIndex={-1}
          className="text-xl font-bold tracking-tight focus-visible:outline-none"
        >
          {texts.heading}
        </h2>
        <DoorAddress />
        <DoorAccounts id="contas-portaria" />
      </main>
    </div>
  );
}
