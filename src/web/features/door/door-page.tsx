// /portaria: the check-in screen. Who is signed in first (the login form otherwise); without a
// network, the account and the list kept on the phone open it anyway.
// First: zod must be configured before any schema module runs (see zod-config.ts).
import '@/lib/zod-config.ts';
import { useCallback, useEffect, type ReactNode } from 'react';
import { EventProvider } from '@/lib/event-config.ts';
import { SessionGate, useSessionGate } from '@/features/session/session-gate.tsx';
import { fetchSession, type Session } from '@/features/session/session-api.ts';
import type { QueuedAction } from './check-ins.ts';
import { DoorScreen } from './door-screen.tsx';
import { DoorStore } from './door-store.ts';
import { doorTexts } from './door-texts.ts';
import { registerDoorWorker } from './register-door-worker.ts';
import { useDoorEvent } from './use-door-event.ts';
import { queuedInPage } from './use-offline-queue.ts';
import { attendeesKey } from './use-door-list.ts';
import './door.css';

interface DoorState {
  session: Session;
  store: DoorStore | null;
  queue: QueuedAction[];
  seeded: boolean;
}

async function openStore(): Promise<DoorStore | null> {
  try {
    return await DoorStore.open();
  } catch {
    return null; // no IndexedDB (a private window on some phones): everything stays in memory
  }
}

export function DoorPage() {
  const { queryClient, gate, setGate, loggedOut } = useSessionGate<DoorState>(
    doorTexts.sessionExpired,
  );

  /** Opens the screen for `session`, with what the phone kept for that account. */
  const open = useCallback(
    async (session: Session, store: DoorStore | null) => {
      const kept = await store?.readSnapshot().catch(() => undefined);
      // And what the page kept of it when the phone could not (a private window, a session ended).
      const stored = (await store?.readQueue().catch(() => [])) ?? [];
      const queue = [...stored, ...queuedInPage()];
      const seeded = kept?.account.email === session.email;
      if (kept && !seeded) await store?.clearSnapshot().catch(() => {});
      if (seeded) queryClient.setQueryData(attendeesKey, kept.attendees);
      setGate({ screen: 'in', state: { session, store, queue, seeded } });
    },
    [queryClient, setGate],
  );

  useEffect(() => {
    registerDoorWorker();
    const controller = new AbortController();
    void (async () => {
      const store = await openStore();
      let session: Session | null;
      try {
        session = await fetchSession(controller.signal);
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
        // No answer: the account and list this phone kept let the door work offline.
        const kept = await store?.readSnapshot().catch(() => undefined);
        if (kept) return open(kept.account, store);
        return setGate({ screen: 'login', error: (error as Error).message });
      }
      if (controller.signal.aborted) return;
      if (!session) {
        await store?.clearSnapshot().catch(() => {});
        return setGate({ screen: 'login' });
      }
      await open(session, store);
    })();
    return () => controller.abort();
  }, [open, setGate]);

  /**
   * A check-in or an undo was refused as another account's: the screen opens again for whoever
   * the browser's session is now, with the other account's queue left for it (decision 0210).
   */
  const accountChanged = useCallback(async () => {
    const store = await openStore();
    try {
      const session = await fetchSession();
      if (!session) return loggedOut();
      await open(session, store);
    } catch {
      // No answer: the next refusal asks again.
    }
  }, [open, loggedOut]);

  const loggedIn = useCallback(
    async (session: Session) => open(session, await openStore()),
    [open],
  );

  return (
    <SessionGate
      gate={gate}
      queryClient={queryClient}
      login={{ area: doorTexts.title, title: doorTexts.login.title, onLoggedIn: loggedIn }}
    >
      {(state) => (
        <DoorEvent>
          <DoorScreen
            key={state.session.email}
            session={state.session}
            store={state.store}
            initialQueue={state.queue}
            seeded={state.seeded}
            onLoggedOut={loggedOut}
            onAccountChanged={() => void accountChanged()}
          />
        </DoorEvent>
      )}
    </SessionGate>
  );
}

/** The screen's `useEvent()`: the settings as last heard (use-door-event.ts). */
function DoorEvent({ children }: { children: ReactNode }) {
  return <EventProvider value={useDoorEvent()}>{children}</EventProvider>;
}
