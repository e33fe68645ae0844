// What the door decided without the server, kept on the phone (its store, or memory in a private
// window) and sent when the network returns; what the server decided otherwise is reported, not
// hidden (docs/decisions/0052-door-offline.md).
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorTable } from '@shared/api-error.ts';
import type { AttendeeChange } from '@shared/door.schema.ts';
import { errorCode } from '@/lib/api-client.ts';
import type { Connection } from '@/lib/use-live-stream.ts';
import {
  sendOutcome,
  type QueuedAction,
  type QueuedCheckIn,
  type SendOutcome,
} from './check-ins.ts';
import { checkIn, failureOfError, undoCheckIn } from './door-api.ts';
import type { DoorStore } from './door-store.ts';

/** A queued check-in the server decided otherwise: reported until dismissed. */
export interface Conflict {
  key: string;
  action: QueuedCheckIn;
  outcome: Extract<SendOutcome, { kind: 'conflict' }>;
}

/** A queued check-in gets more time than a live one: nobody is waiting at the door for it. */
const sendTimeoutMs = 10_000;
/** While something is queued, how often to try sending it even without an `online` event. */
const retryEveryMs = 15_000;

export interface OfflineQueueOptions {
  /** null when the browser keeps nothing (private mode): the queue lives in memory. */
  store: DoorStore | null;
  /** What was queued when the screen opened. */
  initialQueue: QueuedAction[];
  /** The live stream's state: when it is back, so is the network. */
  connection: Connection;
  /** Writes the server's answer into the list. */
  apply(change: AttendeeChange): void;
  setUnreachable(unreachable: boolean): void;
}

export function useOfflineQueue({
  store,
  initialQueue,
  connection,
  apply,
  setUnreachable,
}: OfflineQueueOptions) {
  const [queue, setQueue] = useState(initialQueue);
  const queueRef = useRef(queue);
  useEffect(() => {
    queueRef.current = queue;
  }, [queue]);
  const [conflicts, setConflicts] = useState<Conflict[]>([]);

  const enqueue = useCallback(
    async <T extends QueuedAction>(action: T): Promise<T> => {
      const stored = store ? await store.enqueue(action) : action;
      setQueue((current) => [...current, stored]);
      return stored;
    },
    [store],
  );

  const removeQueued = useCallback(
    async (action: QueuedAction) => {
      if (store && action.order !== undefined) await store.dequeue(action.order);
      setQueue((current) => current.filter((queued) => queued.key !== action.key));
    },
    [store],
  );

  /** The queued action with this Idempotency-Key, if it was not sent yet. */
  const findQueued = useCallback(
    (key: string) => queueRef.current.find((action) => action.key === key),
    [],
  );

  const { mutateAsync: send } = useMutation({
    mutationFn: async (action: QueuedAction): Promise<SendOutcome> => {
      if (action.kind === 'undo') {
        await undoCheckIn(action.attendeeId);
        return { kind: 'sent' };
      }
      const result = await checkIn(action.request, action.key, sendTimeoutMs);
      apply({ type: 'upserted', attendee: result.registration });
      return sendOutcome(result);
    },
  });

  const flushing = useRef(false);
  const flush = useCallback(async () => {
    if (flushing.current || !navigator.onLine) return;
    flushing.current = true;
    try {
      for (const action of queueRef.current) {
        let outcome: SendOutcome;
        try {
          outcome = await send(action);
        } catch (error) {
          const failure = failureOfError(error);
          // An undo of a check-in that is gone already is done.
          const gone = action.kind === 'undo' && errorCode(error) === errorTable.notFound.code;
          outcome = gone ? { kind: 'sent' } : sendOutcome({ failure });
          if (failure === 'no_answer') setUnreachable(true);
        }
        if (outcome.kind === 'retry') return;
        // The page's query client has ended the session; what is queued stays on the phone.
        if (outcome.kind === 'unauthorized') return;
        setUnreachable(false);
        if (outcome.kind === 'conflict' && action.kind === 'check-in') {
          const conflict = { key: action.key, action, outcome };
          setConflicts((current) => [...current, conflict]);
        }
        await removeQueued(action);
      }
    } finally {
      flushing.current = false;
    }
  }, [send, removeQueued, setUnreachable]);

  // Send what is queued: when the network returns, when the stream is back, and now and then.
  const queued = queue.length;
  useEffect(() => {
    if (queued === 0) return;
    void flush();
    const timer = setInterval(() => void flush(), retryEveryMs);
    addEventListener('online', flush);
    return () => {
      clearInterval(timer);
      removeEventListener('online', flush);
    };
  }, [queued, flush, connection]);

  const dismissConflict = useCallback((key: string) => {
    setConflicts((current) => current.filter((conflict) => conflict.key !== key));
  }, []);

  return { queue, enqueue, removeQueued, findQueued, conflicts, dismissConflict };
}
