// 'Sair' on a signed-in screen. Logging out ends the session, and with it the live stream: the
// stream's end is then no expiry, so `expired` ignores what happens while logging out.
import { useCallback, useRef } from 'react';
import { toast } from '@/components/ui/toaster.tsx';
import { logOut } from './session-api.ts';

export function useLogout({
  onLoggedOut,
  onSessionExpired,
  failed,
}: {
  onLoggedOut(): void;
  onSessionExpired(): void;
  /** The toast when the server could not be told. */
  failed: string;
}) {
  const loggingOut = useRef(false);
  const expired = useCallback(() => {
    if (!loggingOut.current) onSessionExpired();
  }, [onSessionExpired]);
  /** `after`: what to clear once the session is over, before the login form returns. */
  const logout = useCallback(
    async (after?: () => Promise<void> | void) => {
      loggingOut.current = true;
      if (!(await logOut())) {
        loggingOut.current = false;
        toast.error(failed);
        return;
      }
      await after?.();
      onLoggedOut();
    },
    [failed, onLoggedOut],
  );
  return { expired, logout };
}
