// Which channels send by themselves (GET /api/admin/messaging). A pause (the provider refused our
// credentials) starts and ends with no change to any registration, so nothing on the live stream
// says so: the state is asked for again now and then.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { messageChannels, type MessageChannel } from '@shared/message.schema.ts';
import { fetchMessaging } from './admin-api.ts';

export const messagingKey = ['admin', 'messaging'] as const;

const refreshEveryMs = 30_000;

export function useMessaging() {
  const query = useQuery({
    queryKey: messagingKey,
    queryFn: ({ signal }) => fetchMessaging(signal),
    refetchInterval: refreshEveryMs,
  });
  const state = query.data;
  /** The channels that send; empty until known (or when the state could not be read). */
  const channels = useMemo<readonly MessageChannel[]>(
    () => (state ? messageChannels.filter((channel) => state[channel].configured) : []),
    [state],
  );
  return { state, channels };
}
