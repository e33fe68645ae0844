// /admin: asks the server whether there is a session first; the login form, or the panel.
// First: zod must be configured before any schema module runs (see zod-config.ts).
import '@/lib/zod-config.ts';
import { useCallback, useEffect, useState } from 'react';
import { toast } from '@/components/ui/toaster.tsx';
import { fetchSession, type AdminSession } from './admin-api.ts';
import { AdminPanel } from './admin-panel.tsx';
import { adminTexts } from './admin-texts.ts';
import { LoginForm } from './login-form.tsx';
import './admin.css';

type Gate =
  | { screen: 'checking' }
  | { screen: 'login'; error?: string }
  | { screen: 'panel'; session: AdminSession };

export function AdminPage() {
  const [gate, setGate] = useState<Gate>({ screen: 'checking' });

  useEffect(() => {
    const controller = new AbortController();
    fetchSession(controller.signal).then(
      (session) => setGate(session ? { screen: 'panel', session } : { screen: 'login' }),
      (error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        setGate({ screen: 'login', error: (error as Error).message });
      },
    );
    return () => controller.abort();
  }, []);

  const loggedIn = useCallback(
    (session: AdminSession) => setGate({ screen: 'panel', session }),
    [],
  );
  const loggedOut = useCallback(() => setGate({ screen: 'login' }), []);
  const sessionExpired = useCallback(() => {
    toast.warning(adminTexts.sessionExpired, { id: 'admin-session-expired' });
    setGate({ screen: 'login' });
  }, []);

  switch (gate.screen) {
    case 'checking':
      return <main aria-busy="true" className="min-h-dvh" />;
    case 'login':
      return <LoginForm onLoggedIn={loggedIn} initialError={gate.error} />;
    case 'panel':
      return (
        <AdminPanel
          session={gate.session}
          onLoggedOut={loggedOut}
          onSessionExpired={sessionExpired}
        />
      );
  }
}
