// /admin: asks the server whether there is a session first; the login form, or the panel (after
// the first start's event screen, while that is owed).
// First: zod must be configured before any schema module runs (see zod-config.ts).
import '@/lib/zod-config.ts';
import { useCallback, useEffect } from 'react';
import { paths } from '@shared/paths.ts';
import { SessionGate, useSessionGate } from '@/features/session/session-gate.tsx';
import { fetchSession, type Session } from '@/features/session/session-api.ts';
import { AdminScreens } from './admin-screens.tsx';
import { adminTexts } from './admin-texts.ts';
import { FirstStartGate } from './first-start/first-start-gate.tsx';
import './admin.css';

/**
 * Door staff have only the check-in screen: they land there, by a full page load (its page
 * carries its own security policy and its offline worker; docs/decisions/0050).
 */
function isDoorOnly(session: Session): boolean {
  return session.role === 'door';
}

export function AdminPage() {
  const { queryClient, gate, setGate, loggedOut } = useSessionGate<Session>(
    adminTexts.session.expired,
  );

  useEffect(() => {
    const controller = new AbortController();
    fetchSession(controller.signal).then(
      (session) => {
        if (session && isDoorOnly(session)) location.replace(paths.door);
        else setGate(session ? { screen: 'in', state: session } : { screen: 'login' });
      },
      (error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        setGate({ screen: 'login', error: (error as Error).message });
      },
    );
    return () => controller.abort();
  }, [setGate]);

  const loggedIn = useCallback(
    (session: Session) => {
      if (isDoorOnly(session)) location.assign(paths.door);
      else setGate({ screen: 'in', state: session });
    },
    [setGate],
  );

  return (
    <SessionGate
      gate={gate}
      queryClient={queryClient}
      login={{ area: adminTexts.title, title: adminTexts.login.title, onLoggedIn: loggedIn }}
    >
      {(session) => (
        <FirstStartGate>
          <AdminScreens session={session} onLoggedOut={loggedOut} />
        </FirstStartGate>
      )}
    </SessionGate>
  );
}
