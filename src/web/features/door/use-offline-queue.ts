// What the door decided without the server, kept on the phone (its store, or memory in a private
// window) and sent when the network returns; what the server decided otherwise is reported, not
// hidden (docs/decisions/0052-door-offline.md).
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorTable } from '@shared/api-error.ts';
import { toast } from '@/components/ui/toaster.tsx';
import type { AttendeeChange } from '@shared/door.schema.ts';
import { ApiRequestError, errorCode } from '@/lib/api-client.ts';
import type { Connection } from '@/lib/use-live-stream.ts';
import {
  sendOutcome,
  type QueuedAction,
  type QueuedCheckIn,
  type SendOutcome,
} from './check-ins.ts';
import { checkIn, failureOfError, undoCheckIn } from './door-api.ts';
import type { DoorStore } from './door-store.ts';
import { doorTexts } from './door-texts.ts';

/** A queued check-in the server decided otherwise: reported until dismissed. */
export interface Conflict {
  key: string;
  action: QueuedCheckIn;
  outcome: Extract<SendOutcome, { kind: 'conflict' }>;
}

/** The server's words for a refusal: the field it points at (a scan time too old), or its message. */
function reasonOf(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  return Object.values(error.fields)[0] ?? error.message;
}

/**
 * What is queued in this page only (no store, or the store refused it), kept beyond the screen: a
 * session that ends unmounts it, and the screen of the next sign-in starts from this.
 */
let inPage: QueuedAction[] = [];

/** The queued actions this page holds and the phone's store does not. */
export function queuedInPage(): QueuedAction[] {
  return inPage;
}

/** A queued check-in gets more time than a live one: nobody is waiting at the door for it. */
const sendTimeoutMs = 10_000;
/** While something is queued, how often to try sending it even without an `online` event. */
const retryEveryMs = 15_000;

export interface OfflineQueueOptions {
  /**
   * The signed-in account (its e-mail, as `by` records it). The queue is each account's own: what
   * another account decided on this phone waits for that account, never goes out under this one's
   * name (decision 0165).
   */
  account: string;
  /** null when the browser keeps nothing (private mode): the queue lives in memory. */
  store: DoorStore | null;
  /** What was queued when the screen opened. */
  initialQueue: QueuedAction[];
  /** The live stream's state: when it is back, so is the network. */
  connection: Connection;
  /** Writes the server's answer into the list. */
  apply(change: AttendeeChange): void;
  setUnreachable(unreachable: boolean): void;
  /** The browser's session is another account's now (decision 0210). */
  onAccountChanged(): void;
}

export function useOfflineQueue({
  account,
  store,
  initialQueue,
  connection,
  apply,
  setUnreachable,
  onAccountChanged,
}: OfflineQueueOptions) {
  const [queue, setQueue] = useState(initialQueue);
  // The queue as of now, changed at once (state follows for the screen): a send loop and
  // 'Desfazer' that interleave each see the other's change before their next step.
  const queueRef = useRef(initialQueue);
  const [conflicts, setConflicts] = useState<Conflict[]>([]);
  /** Keys of the queued check-ins a send loop has sent (or is sending): the server may have them. */
  const sent = useRef(new Set<string>());

  /** The queue changed: at once for the send loop and this page, then for the screen. */
  const setCurrent = useCallback((next: QueuedAction[]) => {
    queueRef.current = next;
    inPage = next.filter((queued) => queued.order === undefined);
    setQueue(next);
  }, []);

  const enqueue = useCallback(
    async <T extends QueuedAction>(action: T): Promise<T> => {
      let stored = action;
      try {
        if (store) stored = await store.enqueue(action);
      } catch {
        // The phone refused to store it (its quota full, say): it is kept in this page all the
        // same, never dropped, and the door is told not to reload until it is sent.
        toast.warning(doorTexts.offline.notStored, { id: 'door-not-stored' });
      }
      setCurrent([...queueRef.current, stored]);
      return stored;
    },
    [store, setCurrent],
  );

  const removeQueued = useCallback(
    async (action: QueuedAction) => {
      setCurrent(queueRef.current.filter((queued) => queued.key !== action.key));
      if (store && action.order !== undefined) await store.dequeue(action.order);
    },
    [store, setCurrent],
  );

  /**
   * 'Desfazer' on the check-in with this Idempotency-Key: `dropped` from the queue when no request
   * ever carried it; `pending` when it is still queued but one did (a live attempt without an answer
   * in time, a send in flight), so the server may have it or get it yet; `gone` when it is not
   * queued (the server has decided it).
   */
  const withdrawCheckIn = useCallback(
    async (key: string): Promise<'dropped' | 'pending' | 'gone'> => {
      const action = queueRef.current.find((queued) => queued.key === key);
      if (!action) return 'gone';
      if (action.kind !== 'check-in' || action.attempted || sent.current.has(key)) return 'pending';
      await removeQueued(action);
      return 'dropped';
    },
    [removeQueued],
  );

  const { mutateAsync: send } = useMutation({
    mutationFn: async (action: QueuedAction): Promise<SendOutcome> => {
      if (action.kind === 'undo') {
        await undoCheckIn(action.attendeeId, action.by);
        return { kind: 'sent' };
      }
      const result = await checkIn(action.request, action.key, action.by, sendTimeoutMs);
      apply({ type: 'upserted', attendee: result.registration });
      return sendOutcome(result);
    },
  });

  const flushing = useRef(false);
  const flush = useCallback(async () => {
    if (flushing.current || !navigator.onLine) return;
    flushing.current = true;
    try {
      // The queue is read again before each send: what 'Desfazer' dropped meanwhile is not sent.
      // Only this account's: the server records a check-in under the account that sends it.
      const next = () => queueRef.current.find((queued) => queued.by === account);
      for (let action = next(); action; action = next()) {
        sent.current.add(action.key);
        let outcome: SendOutcome;
        try {
          outcome = await send(action);
        } catch (error) {
          const failure = failureOfError(error);
          // An undo of a check-in that is gone already is done.
          const gone = action.kind === 'undo' && errorCode(error) === errorTable.notFound.code;
          outcome = gone ? { kind: 'sent' } : sendOutcome({ failure, message: reasonOf(error) });
          if (failure === 'no_answer') setUnreachable(true);
        }
        if (outcome.kind === 'retry') return;
        // The page's query client has ended the session; what is queued stays on the phone.
        if (outcome.kind === 'unauthorized') return;
        // Another account signed in on this browser: this one's queue waits for it, untouched.
        if (outcome.kind === 'other_account') {
          sent.current.delete(action.key);
          return onAccountChanged();
        }
        setUnreachable(false);
        if (outcome.kind === 'conflict' && action.kind === 'check-in') {
          const conflict = { key: action.key, action, outcome };
          setConflicts((current) => [...current, conflict]);
          // The server did not count this check-in: an undo of it would undo another door's.
          const checkIn = action.key;
          const undos = queueRef.current.filter((q) => q.kind === 'undo' && q.undoes === checkIn);
          for (const undo of undos) await removeQueued(undo);
        }
        await removeQueued(action);
        sent.current.delete(action.key);
      }
    } finally {
      flushing.current = false;
    }
  }, [account, send, removeQueued, setUnreachable, onAccountChanged]);

  // Send what is queued: when it changes, when the network returns, when the stream is back, and
  // now and then. On each change, not each count: a check-in sent and an undo queued in one render
  // leave the count as it was.
  useEffect(() => {
    if (queue.length === 0) return;
    void flush();
    const timer = setInterval(() => void flush(), retryEveryMs);
    addEventListener('online', flush);
    return () => {
      clearInterval(timer);
      removeEventListener('online', flush);
    };
  }, [queue, flush, connection]);

  const dismissConflict = useCallback((key: string) => {
    setConflicts((current) => current.filter((conflict) => conflict.key !== key));
  }, []);

  /** What waits for this account to send it. */
  const own = useMemo(() => queue.filter((queued) => queued.by === account), [queue, account]);
  /** What other accounts decided on this phone, by account: it waits for each of them. */
  const others = useMemo(() => {
    const byAccount = new Map<string, number>();
    for (const queued of queue) {
      if (queued.by !== account) byAccount.set(queued.by, (byAccount.get(queued.by) ?? 0) + 1);
    }
    return [...byAccount].map(([by, count]) => ({ by, count }));
  }, [queue, account]);

  /** What lives in this page only (no store, or the store refused it): a reload would lose it. */
  const unsaved = useMemo(() => queue.filter((queued) => queued.order === undefined), [queue]);

  return { queue, own, others, unsaved, enqueue, withdrawCheckIn, conflicts, dismissConflict };
}
