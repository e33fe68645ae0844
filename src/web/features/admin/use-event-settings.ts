// The current edition's settings, as the panel knows them: loaded once signed in, replaced by what
// a save or a new edition answers, and by what the live stream says after each change made
// anywhere (docs/decisions/0120). Each with the version it was read at, which a save names back
// (decision 0215). Until they arrive, the settings the page was served with.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { eventSettingsSchema, type EventSettings } from '@shared/event-settings.schema.ts';
import { settingsEtag } from '@shared/settings-version.ts';
import { parseLiveEdition } from '@/lib/live-edition.ts';
import { fetchEventSettings, type VersionedSettings } from './admin-api.ts';
import { editionChangesKey, editionsKey } from './editions/editions-keys.ts';

export const eventSettingsKey = ['admin', 'event'] as const;

const selectSettings = (data: VersionedSettings) => data.settings;

export function useEventSettings() {
  return useQuery({
    queryKey: eventSettingsKey,
    queryFn: ({ signal }) => fetchEventSettings(signal),
    select: selectSettings,
  });
}

/** The settings with their version: what the 'Evento' form saves over. */
export function useVersionedEventSettings() {
  return useQuery({
    queryKey: eventSettingsKey,
    queryFn: ({ signal }) => fetchEventSettings(signal),
  });
}

/**
 * Puts settings the server just answered in place: every screen shows them at once. Without their
 * version (a new edition's), they are read again for it.
 */
export function useSetEventSettings() {
  const queryClient = useQueryClient();
  return useCallback(
    (settings: EventSettings, version?: string | null) => {
      queryClient.setQueryData<VersionedSettings>(eventSettingsKey, {
        settings,
        version: version ?? null,
      });
      if (version === undefined) void queryClient.invalidateQueries({ queryKey: eventSettingsKey });
    },
    [queryClient],
  );
}

/** What the panel's live stream does with the current edition it tells of. */
export function useLiveEventSettings() {
  const queryClient = useQueryClient();
  return useCallback(
    (told: unknown) => {
      const edition = parseLiveEdition(eventSettingsSchema, told);
      if (edition) void putTold(queryClient, edition.id, edition.event, settingsEtag(edition));
    },
    [queryClient],
  );
}

async function putTold(
  queryClient: QueryClient,
  id: string,
  settings: EventSettings,
  version: string,
) {
  // What the stream tells is at least as new as a read still under way: that read is dropped.
  await queryClient.cancelQueries({ queryKey: eventSettingsKey });
  const before = queryClient.getQueryData<VersionedSettings>(eventSettingsKey);
  // Kept as the same object when nothing changed (a stream that opens tells them too).
  const after = queryClient.setQueryData<VersionedSettings>(eventSettingsKey, {
    settings,
    version,
  });
  if (after?.settings === before?.settings) return;
  // The editions' list shows the current one's name, date and venue; its history has a line more
  // (or, after 'Nova edição', another edition is current).
  void queryClient.invalidateQueries({ queryKey: editionsKey, exact: true });
  void queryClient.invalidateQueries({ queryKey: editionChangesKey(id) });
}
