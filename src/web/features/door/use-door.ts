// The check-in screen's state, from hooks with one job each: the live list kept on the phone (and
// the event's settings its stream carries), the network, the verdict, the offline queue, admitting
// and undoing (docs/decisions/0052, 0077).
import { useCallback, useMemo } from 'react';
import type { Session } from '@/features/session/session-api.ts';
import { countAttendees, indexAttendees, type Attendee } from './attendees.ts';
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
  /**
   * The server refused a check-in or an undo as another account's: the browser's session changed
   * (another tab, or a screen opened offline from what the phone kept). Decision 0210.
   */
  onAccountChanged(): void;
}

export function useDoor({ session, store, initialQueue, seeded, onAccountChanged }: DoorOptions) {
  const list = useDoorList({ session, store, seeded, onEdition: useDoorEditions() });
  const { offline, setUnreachable } = useNetworkState(list.connection);
  const queue = useOfflineQueue({
    account: session.email,
    store,
    initialQueue,
    connection: list.connection,
    apply: list.apply,
    setUnreachable,
    onAccountChanged,
  });
  const attendees = useMemo(
    () => withQueued(list.list ?? [], queue.queue),
    [list.list, queue.queue],
  );
  const index = useMemo(() => indexAttendees(attendees), [attendees]);
  const counts = useMemo(() => countAttendees(attendees), [attendees]);

  const { shown, checking, begin, late, dismissLate, settleLate } = useVerdict();
  const { scan, checkInById } = useAdmit({
    session,
    index,
    apply: list.apply,
    begin,
    enqueue: queue.enqueue,
    setUnreachable,
    onAccountChanged,
  });
  const undoCheckIn = useUndo({
    session,
    apply: list.apply,
    withdrawCheckIn: queue.withdrawCheckIn,
    enqueue: queue.enqueue,
    onAccountChanged,
  });
  // While a newer scan is being checked, the verdict beneath 'Verificando...' is not the person in
  // front of the door: its 'Desfazer' is gone until the new verdict comes.
  const undoable = checking ? undefined : shown?.undoable;
  /** The shown verdict's 'Desfazer': a turn of its own, so a scan meanwhile keeps the screen. */
  const undo = useCallback(async () => {
    if (!undoable) return;
    const turn = begin();
    try {
      await undoCheckIn(undoable, (verdict) => turn.show(verdict));
    } finally {
      turn.end();
    }
  }, [undoable, begin, undoCheckIn]);
  /**
   * 'Desfazer entrada' on someone found by name, whoever let them in and whenever: a turn like the
   * verdict's own, undoing the check-in still queued here for them if there is one.
   */
  const undoEntry = useCallback(
    async (attendee: Attendee) => {
      const queued = queue.queue.findLast(
        (action) => action.kind === 'check-in' && action.attendeeId === attendee.id,
      );
      const turn = begin();
      try {
        await undoCheckIn({ key: queued?.key ?? crypto.randomUUID(), attendee }, (verdict) =>
          turn.show(verdict),
        );
      } finally {
        turn.end();
      }
    },
    [queue.queue, begin, undoCheckIn],
  );
  /** A late verdict's own 'Desfazer', in the warnings' list: its result is said there. */
  const undoLate = useCallback(
    async (key: string) => {
      const item = late.find((candidate) => candidate.key === key);
      if (!item?.undoable) return;
      await undoCheckIn(item.undoable, (verdict) => settleLate(key, verdict));
    },
    [late, undoCheckIn, settleLate],
  );

  return {
    listState: list.listState,
    reload: list.reload,
    stopLive: list.stop,
    attendees,
    counts,
    connection: list.connection,
    offline,
    /** This account's check-ins and undos still to send. */
    queued: queue.own.length,
    /** What other accounts left queued on this phone: only they can send it. */
    othersQueued: queue.others,
    /** What is queued in this page only, not on the phone: a reload would lose it. */
    unsaved: queue.unsaved.length,
    shown,
    checking,
    /** The check-in 'Desfazer' undoes now: none while a newer scan is being checked. */
    undoable,
    conflicts: queue.conflicts,
    /** Verdicts of earlier scans that arrived after a newer one: listed with the conflicts. */
    late,
    scan,
    checkInById,
    undo,
    undoEntry,
    undoLate,
    dismissConflict: queue.dismissConflict,
    dismissLate,
  };
}
