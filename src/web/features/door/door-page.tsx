// /portaria: the check-in screen. Who is signed in first (the login form otherwise); without a
// network, the account and the list kept on the phone open it anyway.
// First: zod must be configured before any schema module runs (see zod-config.ts).
import '@/lib/zod-config.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { toast } from '@/components/ui/toaster.tsx';
import { LoginForm } from '@/features/session/login-form.tsx';
import { fetchSession, type Session } from '@/features/session/session-api.ts';
import type { QueuedAction } from './check-ins.ts';
import { DoorScreen } from './door-screen.tsx';
import { DoorStore } from './door-store.ts';
import { doorTexts } from './door-texts.ts';
import { registerDoorWorker } from './register-door-worker.ts';
import { attendeesKey } from './use-door.ts';
import './door.css';

type Gate =
  | { screen: 'checking' }
  | { screen: 'login'; error?: string }
  | {
      screen: 'door';
      session: Session;
      store: DoorStore | null;
      queue: QueuedAction[];
      seeded: boolean;
    };

/** Like the panel's: the live stream keeps the list current, nothing refetches on its own. */
function doorQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        gcTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
    },
  });
}

async function openStore(): Promise<DoorStore | null> {
  try {
    return await DoorStore.open();
  } catch {
    return null; // no IndexedDB (a private window on some phones): everything stays in memory
  }
}

export function DoorPage() {
  const [queryClient] = useState(doorQueryClient);
  const [gate, setGate] = useState<Gate>({ screen: 'checking' });

  /** Opens the screen for `session`, with what the phone kept for that account. */
  const open = useCallback(
    async (session: Session, store: DoorStore | null) => {
      const kept = await store?.readSnapshot().catch(() => undefined);
      const queue = (await store?.readQueue().catch(() => [])) ?? [];
      const seeded = kept?.account.email === session.email;
      if (kept && !seeded) await store?.clearSnapshot().catch(() => {});
      if (seeded) queryClient.setQueryData(attendeesKey, kept.attendees);
      setGate({ screen: 'door', session, store, queue, seeded });
    },
    [queryClient],
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
  }, [open]);

  const loggedIn = useCallback(
    async (session: Session) => open(session, await openStore()),
    [open],
  );
  const loggedOut = useCallback(() => {
    queryClient.clear();
    setGate({ screen: 'login' });
  }, [queryClient]);
  const sessionExpired = useCallback(() => {
    toast.warning(doorTexts.sessionExpired, { id: 'door-session-expired' });
    queryClient.clear();
    setGate({ screen: 'login' });
  }, [queryClient]);

  switch (gate.screen) {
    case 'checking':
      return <main aria-busy="true" className="min-h-dvh" />;
    case 'login':
      return (
        <LoginForm
          area={doorTexts.title}
          title={doorTexts.login.title}
          onLoggedIn={loggedIn}
          initialError={gate.error}
        />
      );
    case 'door':
      return (
        <QueryClientProvider client={queryClient}>
          <DoorScreen
            key={gate.session.email}
            session={gate.session}
            store={gate.store}
            initialQueue={gate.queue}
            seeded={gate.seeded}
            onUnauthorized={sessionExpired}
            onLoggedOut={loggedOut}
          />
        </QueryClientProvider>
      );
  }
}
