// The current edition's settings, as the panel knows them: loaded once signed in, replaced by what
// a save or a new edition answers. Until they arrive, the settings the page was served with.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { EventSettings } from '@shared/event-config.schema.ts';
import { fetchEventSettings } from './admin-api.ts';

export const eventSettingsKey = ['admin', 'event'] as const;

export function useEventSettings() {
  return useQuery({
    queryKey: eventSettingsKey,
    queryFn: ({ signal }) => fetchEventSettings(signal),
  });
}

/** Puts settings the server just answered in place: every screen shows them at once. */
export function useSetEventSettings() {
  const queryClient = useQueryClient();
  return useCallback(
    (settings: EventSettings) => queryClient.setQueryData(eventSettingsKey, settings),
    [queryClient],
  );
}
