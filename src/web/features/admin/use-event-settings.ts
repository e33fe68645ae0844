// The current edition's settings, as the panel knows them: loaded once signed in, replaced by what
// a save or a new edition answers, and by what the live stream says after each change made
// anywhere (docs/decisions/0120). Until they arrive, the settings the page was served with.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { eventSettingsSchema, type EventSettings } from '@shared/event-settings.schema.ts';
import { parseLiveEdition } from '@/lib/live-edition.ts';
import { fetchEventSettings } from './admin-api.ts';
import { editionChangesKey, editionsKey } from './editions/editions-keys.ts';

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

/** What the panel's live stream does with the current edition it tells of. */
export function useLiveEventSettings() {
  const queryClient = useQueryClient();
  return useCallback(
    (told: unknown) => {
      const edition = parseLiveEdition(eventSettingsSchema, told);
      if (edition) void putTold(queryClient, edition.id, edition.event);
    },
    [queryClient],
  );
}

async function putTold(queryClient: QueryClient, id: string, settings: EventSettings) {
  // What the stream tells is at least as new as a read still under way: that read is dropped.
  await queryClient.cancelQueries({ queryKey: eventSettingsKey });
  const before = queryClient.getQueryData<EventSettings>(eventSettingsKey);
  // Kept as the same object when nothing changed (a stream that opens tells them too).
  const after = queryClient.setQueryData(eventSettingsKey, settings);
  if (after === before) return;
  // The editions' list shows the current one's name, date and venue; its history has a line more
  // (or, after 'Nova edição', another edition is current).
  void queryClient.invalidateQueries({ queryKey: editionsKey, exact: true });
  void queryClient.invalidateQueries({ queryKey: editionChangesKey(id) });
}
