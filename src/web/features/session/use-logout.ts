// 'Sair' on a signed-in screen. Logging out ends the session, and with it the live stream: the
// query client is told, so that end is no expiry (lib/live-query-client.ts).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '@/components/ui/toaster.tsx';
import { setLoggingOut } from '@/lib/live-query-client.ts';
import { logOut } from './session-api.ts';

export function useLogout({
  onLoggedOut,
  failed,
}: {
  onLoggedOut(): void;
  /** The toast when the server could not be told. */
  failed: string;
}) {
  const queryClient = useQueryClient();
  /** `after`: what to clear once the session is over, before the login form returns. */
  const logout = useCallback(
    async (after?: () => Promise<void> | void) => {
      setLoggingOut(queryClient, true);
      if (!(await logOut())) {
        setLoggingOut(queryClient, false);
        toast.error(failed);
        return;
      }
      await after?.();
      onLoggedOut();
    },
    [failed, onLoggedOut, queryClient],
  );
  return { logout };
}
