// The event as the door shows it (its name, and its time zone for the times): the settings the
// page was served with until the door's live stream sends others, after each change made from the
// panel, on any instance (docs/decisions/0120). Kept in the page's query cache, beside the list.
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { eventDetailsSchema, type EventSettings } from '@shared/event-settings.schema.ts';
import type { EventDetails } from '@shared/event.ts';
import { useEvent } from '@/lib/event-config.ts';
import { parseLiveEdition } from '@/lib/live-edition.ts';

export const doorEventKey = ['door', 'event'] as const;

/** The event the door shows now. */
export function useDoorEvent(): EventSettings {
  const served = useEvent();
  // Filled only by the stream: nothing to fetch.
  const { data } = useQuery<EventDetails>({ queryKey: doorEventKey, queryFn: skipToken });
  return useMemo(() => (data ? { ...served, ...data } : served), [served, data]);
}

/** What the door's live stream does with the current edition it tells of. */
export function useDoorEditions() {
  const queryClient = useQueryClient();
  return useCallback(
    (told: unknown) => {
      const edition = parseLiveEdition(eventDetailsSchema, told);
      if (edition) queryClient.setQueryData<EventDetails>(doorEventKey, edition.event);
    },
    [queryClient],
  );
}
