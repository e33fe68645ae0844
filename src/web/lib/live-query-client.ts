import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { api } from '@shared/paths.ts';
import { apiRequest, isUnauthorized } from './api-client.ts';

/** Clients whose session is being ended on purpose: its 401s are no expiry. */
const loggingOut = new WeakSet<QueryClient>();
/** What each client does when its session turns out to be gone (set while signed in). */
const expiryHandlers = new WeakMap<QueryClient, () => void>();

/**
 * Server state kept current by a live stream (the panel's list, the door's): never refetched on
 * its own (focus, reconnect, age); a failed load is shown at once, with a way to try again.
 * Any query or mutation that runs through it and meets a 401 reaches one place, the handler set
 * with `onSessionExpired` (a call site only stops what it was doing).
 */
export function liveQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (isUnauthorized(error) && !loggingOut.has(client)) expiryHandlers.get(client)?.();
  };
  const client = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        gcTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      // Sent at once, online or not: a request without network fails at once (the caller decides
      // what then), instead of waiting, paused, for the browser to say it is back.
      mutations: { networkMode: 'always' },
    },
  });
  return client;
}

/** Sets (or, with null, removes) what the page does when the session turns out to be gone. */
export function onSessionExpired(client: QueryClient, handler: (() => void) | null): void {
  if (handler) expiryHandlers.set(client, handler);
  else expiryHandlers.delete(client);
}

/**
 * `true` from the moment 'Sair' is pressed: the session's end (the stream refused, a 401) is then
 * expected, not announced. `false` again when logging out failed, or once the page is signed out.
 */
export function setLoggingOut(client: QueryClient, on: boolean): void {
  if (on) loggingOut.add(client);
  else loggingOut.delete(client);
}

/**
 * Whether the session still lives, asked through the client so that a 401 reaches its one
 * handler; throws when the server cannot be reached.
 */
export async function sessionAlive(client: QueryClient): Promise<boolean> {
  try {
    await client.fetchQuery({
      queryKey: ['session-check'],
      queryFn: ({ signal }) => apiRequest<unknown>(api.adminMe, { signal }),
      staleTime: 0,
      gcTime: 0,
      networkMode: 'always',
    });
    return true;
  } catch (error) {
    if (isUnauthorized(error)) return false;
    throw error;
  }
}
