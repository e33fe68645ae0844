// What a signed-in page shows before it knows who is there (nothing), the login form, or the page
// itself with its server state; and what ends a session: logging out, or its expiry (any 401 that
// reaches the page's query client, docs/decisions/0076).
import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { toast } from '@/components/ui/toaster.tsx';
import { liveQueryClient, onSessionExpired, setLoggingOut } from '@/lib/live-query-client.ts';
import { LoginForm, type LoginFormProps } from './login-form.tsx';

export type Gate<T> =
  { screen: 'checking' } | { screen: 'login'; error?: string } | { screen: 'in'; state: T };

/** `expired`: the toast when a session ends while the page is open. */
export function useSessionGate<T>(expired: string) {
  const [queryClient] = useState(liveQueryClient);
  const [gate, setGate] = useState<Gate<T>>({ screen: 'checking' });
  // Another account may log in next: it must not see this one's data.
  const loggedOut = useCallback(() => {
    queryClient.clear();
    setLoggingOut(queryClient, false);
    setGate({ screen: 'login' });
  }, [queryClient]);
  const sessionExpired = useCallback(() => {
    toast.warning(expired, { id: 'session-expired' });
    loggedOut();
  }, [expired, loggedOut]);
  // Only a signed-in page can see its session expire (a late 401 after 'Sair' cannot).
  const signedIn = gate.screen === 'in';
  useEffect(() => {
    if (!signedIn) return;
    onSessionExpired(queryClient, sessionExpired);
    return () => onSessionExpired(queryClient, null);
  }, [signedIn, queryClient, sessionExpired]);
  return { queryClient, gate, setGate, loggedOut };
}

export interface SessionGateProps<T> {
  gate: Gate<T>;
  queryClient: ReturnType<typeof liveQueryClient>;
  login: Omit<LoginFormProps, 'initialError'>;
  children(state: T): ReactNode;
}

export function SessionGate<T>({ gate, queryClient, login, children }: SessionGateProps<T>) {
  switch (gate.screen) {
    case 'checking':
      return <main aria-busy="true" className="min-h-dvh" />;
    case 'login':
      return <LoginForm {...login} initialError={gate.error} />;
    case 'in':
      return <QueryClientProvider client={queryClient}>{children(gate.state)}</QueryClientProvider>;
  }
}
