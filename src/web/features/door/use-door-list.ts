// The attendee list, kept live (lib/use-live-list.ts) and kept on the phone: written to the
// phone's store a moment after it changes, for a reload without network. Its stream tells of the
// current edition too: `onEdition` takes it.
import { useEffect, useState } from 'react';
import { errorTable } from '@shared/api-error.ts';
import { api } from '@shared/paths.ts';
import { toast } from '@/components/ui/toaster.tsx';
import { errorCode } from '@/lib/api-client.ts';
import { useLiveList } from '@/lib/use-live-list.ts';
import type { Session } from '@/features/session/session-api.ts';
import { applyAttendeeChange, parseAttendeeChange } from './attendees.ts';
import { listAttendees } from './door-api.ts';
import type { DoorStore } from './door-store.ts';
import { doorTexts } from './door-texts.ts';

export const attendeesKey = ['door', 'attendees'] as const;

/** How long after the last change the list is written to the phone. */
const saveAfterMs = 1000;

export interface DoorListOptions {
  session: Session;
  store: DoorStore | null;
  /** The query cache already holds the list kept on the phone. */
  seeded: boolean;
  /** The current edition, as the stream tells of it (as it opens, and after each change). */
  onEdition(edition: unknown): void;
}

export function useDoorList({ session, store, seeded, onEdition }: DoorListOptions) {
  const [forbidden, setForbidden] = useState(false);
  const live = useLiveList({
    queryKey: attendeesKey,
    streamUrl: api.doorLiveStream,
    load: listAttendees,
    parseChange: parseAttendeeChange,
    applyChange: applyAttendeeChange,
    onLoadError(error) {
      if (errorCode(error) === errorTable.wrongRole.code) setForbidden(true);
      else toast.error(doorTexts.list.loadFailed, { id: 'door-load-failed' });
    },
    seeded,
    onEdition,
  });

  const serverList = live.list;
  useEffect(() => {
    if (!store || !serverList) return;
    const timer = setTimeout(() => {
      store.saveSnapshot({ account: session, attendees: serverList }).catch(() => {});
    }, saveAfterMs);
    return () => clearTimeout(timer);
  }, [store, serverList, session]);

  return { ...live, listState: forbidden ? ('forbidden' as const) : live.listState };
}
