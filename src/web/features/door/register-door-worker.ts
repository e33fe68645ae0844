// The check-in screen's service worker: it keeps the screen's code on the phone so that a reload
// without network still opens it. Its scope is /portaria alone: the public pages never go
// through it (docs/decisions/0052-door-offline.md). Not in `vite dev`, which has no built files.
import { doorWorker, paths } from '@shared/paths.ts';

export function registerDoorWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(doorWorker, { scope: paths.door }).catch(() => {
    // Not installable (a private window, an insecure origin): the screen works online anyway.
  });
}
