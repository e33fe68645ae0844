import { QueryClient } from '@tanstack/react-query';

/**
 * Server state kept current by a live stream (the panel's list, the door's): never refetched on
 * its own (focus, reconnect, age); a failed load is shown at once, with a way to try again.
 */
export function liveQueryClient(): QueryClient {
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
