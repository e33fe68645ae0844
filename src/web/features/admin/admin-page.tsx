// /admin: asks the server whether there is a session first; the login form, or the panel.
// First: zod must be configured before any schema module runs (see zod-config.ts).
import '@/lib/zod-config.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { paths } from '@shared/paths.ts';
import { toast } from '@/components/ui/toaster.tsx';
import { LoginForm } from '@/features/session/login-form.tsx';
import { fetchSession, type Session } from '@/features/session/session-api.ts';
import { AdminPanel } from './admin-panel.tsx';
import { adminTexts } from './admin-texts.ts';
import './admin.css';

type Gate =
  | { screen: 'checking' }
  | { screen: 'login'; error?: string }
  | { screen: 'panel'; session: Session };

/**
 * Door staff have only the check-in screen: they land there, by a full page load (its page
 * carries its own security policy and its offline worker; docs/decisions/0050).
 */
function isDoorOnly(session: Session): boolean {
  return session.role === 'door';
}

/**
 * The panel's server state. The live stream keeps the list current, so it is never refetched on
 * its own (focus, reconnect, age); a failed load is shown at once, with a button to try again.
 */
function panelQueryClient() {
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

export function AdminPage() {
  const [queryClient] = useState(panelQueryClient);
  const [gate, setGate] = useState<Gate>({ screen: 'checking' });

  useEffect(() => {
    const controller = new AbortController();
    fetchSession(controller.signal).then(
      (session) => {
        if (session && isDoorOnly(session)) location.replace(paths.door);
        else setGate(session ? { screen: 'panel', session } : { screen: 'login' });
      },
      (error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        setGate({ screen: 'login', error: (error as Error).message });
      },
    );
    return () => controller.abort();
  }, []);

  const loggedIn = useCallback((session: Session) => {
    if (isDoorOnly(session)) location.assign(paths.door);
    else setGate({ screen: 'panel', session });
  }, []);
  // Another account may log in next: it must not see this one's list.
  const loggedOut = useCallback(() => {
    queryClient.clear();
    setGate({ screen: 'login' });
  }, [queryClient]);
  const sessionExpired = useCallback(() => {
    toast.warning(adminTexts.session.expired, { id: 'admin-session-expired' });
    queryClient.clear();
    setGate({ screen: 'login' });
  }, [queryClient]);

  switch (gate.screen) {
    case 'checking':
      return <main aria-busy="true" className="min-h-dvh" />;
    case 'login':
      return (
        <LoginForm
          area={adminTexts.title}
          title={adminTexts.login.title}
          onLoggedIn={loggedIn}
          initialError={gate.error}
        />
      );
    case 'panel':
      return (
        <QueryClientProvider client={queryClient}>
          <AdminPanel
            session={gate.session}
            onLoggedOut={loggedOut}
            onSessionExpired={sessionExpired}
          />
        </QueryClientProvider>
      );
  }
}
