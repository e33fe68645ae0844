// Toasts (sonner), placed where a thumb does not cover them on a phone. Colours come from
// styles.css (sonner's own rich colours fall short of WCAG AA contrast).
//
// sonner is not part of a page's first download: most visits never see a toast. It loads when
// the first toast is asked for, or ahead of time on screens that are likely to show one
// (`preloadToasts()`), and `toast.*` waits until its host is on screen before showing anything.
import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { shortestToastMs, toastDuration } from './toast-duration.ts';

type Sonner = typeof import('sonner');
type ToastOptions = { description?: ReactNode; id?: string | number };

let sonner: Promise<Sonner> | undefined;
const loadSonner = () => (sonner ??= import('sonner'));

let hostWanted = false;
const hostListeners = new Set<() => void>();
let hostMounted: () => void = () => {};
const hostReady = new Promise<void>((resolve) => (hostMounted = resolve));

/** Loads sonner and puts its host on screen, so the next toast shows at once. */
export function preloadToasts(): void {
  void loadSonner().catch(() => {});
  if (hostWanted) return;
  hostWanted = true;
  hostListeners.forEach((listener) => listener());
}

function show(kind: 'success' | 'error' | 'warning', title: ReactNode, options?: ToastOptions) {
  preloadToasts();
  void Promise.all([loadSonner(), hostReady]).then(
    ([{ toast }]) =>
      toast[kind](title, { ...options, duration: toastDuration(title, options?.description) }),
    () => {
      // sonner could not load (no connection): the screen already shows the state it reports.
    },
  );
}

export const toast = {
  success: (title: ReactNode, options?: ToastOptions) => show('success', title, options),
  error: (title: ReactNode, options?: ToastOptions) => show('error', title, options),
  warning: (title: ReactNode, options?: ToastOptions) => show('warning', title, options),
};

const SonnerToaster = lazy(async () => ({ default: (await loadSonner()).Toaster }));

function subscribe(listener: () => void) {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

function Host() {
  // Runs after sonner's own Toaster subscribed to new toasts (children's effects run first).
  useEffect(() => hostMounted(), []);
  return (
    <SonnerToaster
      position="top-center"
      richColors
      closeButton
      duration={shortestToastMs}
      containerAriaLabel="Notificações"
      toastOptions={{ closeButtonAriaLabel: 'Fechar aviso' }}
    />
  );
}

export function Toaster() {
  const wanted = useSyncExternalStore(
    subscribe,
    () => hostWanted,
    () => false,
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Host />
    </Suspense>
  );
}
