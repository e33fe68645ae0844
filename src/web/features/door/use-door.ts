// The check-in screen's state, from hooks with one job each: the live list kept on the phone (and
// the event's settings its stream carries), the network, the verdict, the offline queue, admitting
// and undoing (docs/decisions/0052, 0077).
import { useMemo } from 'react';
import type { Session } from '@/features/session/session-api.ts';
import { countAttendees, indexAttendees } from './attendees.ts';
import { withQueued, type QueuedAction } from './check-ins.ts';
import type { DoorStore } from './door-store.ts';
import { useAdmit } from './use-admit.ts';
import { useDoorEditions } from './use-door-event.ts';
import { useDoorList } from './use-door-list.ts';
import { useNetworkState } from './use-network-state.ts';
import { useOfflineQueue } from './use-offline-queue.ts';
import { useUndo } from './use-undo.ts';
import { useVerdict } from './use-verdict.ts';

export interface DoorOptions {
  session: Session;
  /** null when the browser keeps nothing (private mode): the queue lives in memory. */
  store: DoorStore | null;
  /** What was queued when the screen opened. */
  initialQueue: QueuedAction[];
  /** The query cache already holds the list kept on the phone. */
  seeded: boolean;
}

export function useDoor({ session, store, initialQueue, seeded }: DoorOptions) {
  const list = useDoorList({ session, store, seeded, onEdition: useDoorEditions() });
  const { offline, setUnreachable } = useNetworkState(list.connection);
  const queue = useOfflineQueue({
    store,
    initialQueue,
    connection: list.connection,
    apply: list.apply,
    setUnreachable,
  });
  const attendees = useMemo(
    () => withQueued(list.list ?? [], queue.queue),
    [list.list, queue.queue],
  );
  const index = useMemo(() => indexAttendees(attendees), [attendees]);
  const counts = useMemo(() => countAttendees(attendees), [attendees]);

  const { shown, checking, show, begin, late, dismissLate } = useVerdict();
  const { scan, checkInById } = useAdmit({
    session,
    index,
    apply: list.apply,
    begin,
    enqueue: queue.enqueue,
    setUnreachable,
  });
  const undo = useUndo({
    session,
    shown,
    show,
    apply: list.apply,
    withdrawCheckIn: queue.withdrawCheckIn,
    enqueue: queue.enqueue,
  });

  return {
    listState: list.listState,
    reload: list.reload,
    stopLive: list.stop,
    attendees,
    counts,
    connection: list.connection,
    offline,
    queued: queue.queue.length,
    shown,
    checking,
    conflicts: queue.conflicts,
    /** Verdicts of earlier scans that arrived after a newer one: listed with the conflicts. */
    late,
    scan,
    checkInById,
    undo,
    dismissConflict: queue.dismissConflict,
    dismissLate,
  };
}
