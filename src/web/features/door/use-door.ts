// The check-in screen's state: the attendee list kept live and kept on the phone, the verdict of
// each scan or search, 'Desfazer', and the queue of what was decided without the server, sent when
// the network returns (docs/decisions/0052-door-offline.md).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CheckInRequest } from '@shared/door.schema.ts';
import { api } from '@shared/paths.ts';
import { toast } from '@/components/ui/toaster.tsx';
import { ApiRequestError } from '@/lib/api-client.ts';
import { useLiveList } from '@/lib/use-live-list.ts';
import type { Session } from '@/features/session/session-api.ts';
import { fetchSession } from '@/features/session/session-api.ts';
import {
  applyAttendeeChange,
  countAttendees,
  indexAttendees,
  parseAttendeeChange,
  type Attendee,
} from './attendees.ts';
import {
  decideLocally,
  sendOutcome,
  verdictFromResult,
  withQueued,
  type QueuedAction,
  type QueuedCheckIn,
  type SendOutcome,
  type Verdict,
} from './check-ins.ts';
import { checkIn, listAttendees, undoCheckIn } from './door-api.ts';
import type { DoorStore } from './door-store.ts';
import { doorTexts } from './door-texts.ts';
import { ticketCodeFrom } from './ticket-code.ts';

export const attendeesKey = ['door', 'attendees'] as const;

/** A shown verdict: `seq` tells two equal verdicts apart (each is announced). */
export interface ShownVerdict {
  verdict: Verdict;
  seq: number;
  /** `performance.now()` when the QR was decoded (scans only): the bench's start. */
  decodedAt?: number;
  /** The check-in this verdict made, which 'Desfazer' undoes. */
  undoable?: { key: string; attendee: Attendee };
}

/** A queued check-in the server decided otherwise: reported until dismissed. */
export interface Conflict {
  key: string;
  action: QueuedCheckIn;
  outcome: Extract<SendOutcome, { kind: 'conflict' }>;
}

/** How long the screen waits for an answer before it says it is checking. */
const checkingAfterMs = 150;
/** A queued check-in gets more time than a live one: nobody is waiting at the door for it. */
const sendTimeoutMs = 10_000;
/** While something is queued, how often to try sending it even without an `online` event. */
const retryEveryMs = 15_000;
/** How long after the last change the list is written to the phone. */
const saveAfterMs = 1000;

function statusOf(error: unknown): number {
  return error instanceof ApiRequestError ? error.status : 0;
}

/** The browser's idea of the network: `online`/`offline` events. */
function useNavigatorOnline() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    addEventListener('online', update);
    addEventListener('offline', update);
    return () => {
      removeEventListener('online', update);
      removeEventListener('offline', update);
    };
  }, []);
  return online;
}

export interface DoorOptions {
  session: Session;
  /** null when the browser keeps nothing (private mode): the queue lives in memory. */
  store: DoorStore | null;
  /** What was queued when the screen opened. */
  initialQueue: QueuedAction[];
  /** The query cache already holds the list kept on the phone. */
  seeded: boolean;
  onUnauthorized(): void;
}

export function useDoor({ session, store, initialQueue, seeded, onUnauthorized }: DoorOptions) {
  const [forbidden, setForbidden] = useState(false);
  const live = useLiveList({
    queryKey: attendeesKey,
    streamUrl: api.doorLiveStream,
    load: listAttendees,
    parseChange: parseAttendeeChange,
    applyChange: applyAttendeeChange,
    onLoadError(error) {
      if (statusOf(error) === 403) setForbidden(true);
      else toast.error(doorTexts.list.loadFailed, { id: 'door-load-failed' });
    },
    onUnauthorized,
    sessionAlive: async () => (await fetchSession()) !== null,
    seeded,
  });
  const serverList = live.list;
  const [queue, setQueue] = useState(initialQueue);
  const queueRef = useRef(queue);
  useEffect(() => {
    queueRef.current = queue;
  }, [queue]);

  const attendees = useMemo(() => withQueued(serverList ?? [], queue), [serverList, queue]);
  const index = useMemo(() => indexAttendees(attendees), [attendees]);
  const counts = useMemo(() => countAttendees(attendees), [attendees]);

  const navigatorOnline = useNavigatorOnline();
  // A request that got no answer: the signal is gone even if the phone believes otherwise.
  const [unreachable, setUnreachable] = useState(false);
  // A stream that is live again says the signal is back.
  const offline = !navigatorOnline || (unreachable && live.connection !== 'live');

  const [shown, setShown] = useState<ShownVerdict | null>(null);
  const [checking, setChecking] = useState(false);
  const [conflicts, setConflicts] = useState<Conflict[]>([]);
  const seq = useRef(0);
  const show = useCallback(
    (verdict: Verdict, extra: Omit<ShownVerdict, 'verdict' | 'seq'> = {}) => {
      seq.current += 1;
      setChecking(false);
      setShown({ verdict, seq: seq.current, ...extra });
    },
    [],
  );

  // The list goes to the phone a moment after it changes, for a reload without network.
  useEffect(() => {
    if (!store || !serverList) return;
    const timer = setTimeout(() => {
      store.saveSnapshot({ account: session, attendees: serverList }).catch(() => {});
    }, saveAfterMs);
    return () => clearTimeout(timer);
  }, [store, serverList, session]);

  const removeQueued = useCallback(
    async (action: QueuedAction) => {
      if (store && action.order !== undefined) await store.dequeue(action.order);
      setQueue((current) => current.filter((queued) => queued.key !== action.key));
    },
    [store],
  );

  const enqueue = useCallback(
    async <T extends QueuedAction>(action: T): Promise<T> => {
      const stored = store ? await store.enqueue(action) : action;
      setQueue((current) => [...current, stored]);
      return stored;
    },
    [store],
  );

  /** A person at the door: by the QR's code or found by name. */
  const admit = useCallback(
    async (request: CheckInRequest, decodedAt?: number) => {
      const key = crypto.randomUUID();
      const scannedAt = new Date().toISOString();
      const timer = setTimeout(() => setChecking(true), checkingAfterMs);
      try {
        if (navigator.onLine) {
          try {
            const result = await checkIn({ ...request, scanned_at: scannedAt }, key);
            setUnreachable(false);
            live.apply({ type: 'upserted', attendee: result.registration });
            const verdict = verdictFromResult(result);
            show(verdict, {
              decodedAt,
              undoable:
                verdict.kind === 'admitted' ? { key, attendee: result.registration } : undefined,
            });
            return;
          } catch (error) {
            const status = statusOf(error);
            if (status === 401) return onUnauthorized();
            if (status === 404) return show({ kind: 'invalid' }, { decodedAt });
            if (status === 409) {
              const attendee = 'code' in request ? index.byCode.get(request.code) : undefined;
              return show({ kind: 'not_confirmed', attendee }, { decodedAt });
            }
            if (status === 0) setUnreachable(true);
            // No answer, or a failing server: the phone decides from its list.
          }
        }
        const attendee =
          'code' in request
            ? index.byCode.get(request.code)
            : index.byId.get(request.registration_id);
        const verdict = decideLocally(attendee);
        if (verdict.kind !== 'admitted' || !attendee) return show(verdict, { decodedAt });
        const admitted = { ...attendee, checked_in_at: scannedAt, checked_in_by: session.email };
        await enqueue<QueuedCheckIn>({
          kind: 'check-in',
          key,
          request: { ...request, scanned_at: scannedAt },
          attendeeId: attendee.id,
          name: attendee.nome_completo,
          by: session.email,
        });
        show(
          { kind: 'admitted', attendee: admitted, offline: true },
          {
            decodedAt,
            undoable: { key, attendee: admitted },
          },
        );
      } catch {
        show({ kind: 'invalid' }, { decodedAt });
        toast.error(doorTexts.verdict.checkInFailed);
      } finally {
        clearTimeout(timer);
      }
    },
    [index, live, show, enqueue, onUnauthorized, session.email],
  );

  const scan = useCallback(
    (text: string, decodedAt: number) => {
      const code = ticketCodeFrom(text);
      if (!code) return show({ kind: 'invalid' }, { decodedAt });
      void admit({ code }, decodedAt);
    },
    [admit, show],
  );

  const checkInById = useCallback(
    (registrationId: string) => admit({ registration_id: registrationId }),
    [admit],
  );

  const undo = useCallback(async () => {
    const target = shown?.undoable;
    if (!target) return;
    const { attendee } = target;
    const undone = { ...attendee, checked_in_at: null, checked_in_by: null };
    // Still on the phone: it never reached the server, and now never will.
    const queued = queueRef.current.find((action) => action.key === target.key);
    if (queued) {
      await removeQueued(queued);
      return show({ kind: 'undone', attendee: undone });
    }
    try {
      await undoCheckIn(attendee.id);
      live.apply({ type: 'upserted', attendee: undone });
    } catch (error) {
      const status = statusOf(error);
      if (status === 401) return onUnauthorized();
      if (status !== 0 && status < 500) {
        toast.error(doorTexts.verdict.undoFailed);
        return;
      }
      await enqueue({
        kind: 'undo',
        key: crypto.randomUUID(),
        attendeeId: attendee.id,
        name: attendee.nome_completo,
        at: new Date().toISOString(),
        by: session.email,
      });
    }
    show({ kind: 'undone', attendee: undone });
  }, [shown, removeQueued, show, live, onUnauthorized, enqueue, session.email]);

  const flushing = useRef(false);
  const flush = useCallback(async () => {
    if (flushing.current || !navigator.onLine) return;
    flushing.current = true;
    try {
      for (const action of queueRef.current) {
        let outcome: SendOutcome;
        let status = 0;
        try {
          if (action.kind === 'check-in') {
            const result = await checkIn(action.request, action.key, sendTimeoutMs);
            live.apply({ type: 'upserted', attendee: result.registration });
            outcome = sendOutcome(result);
          } else {
            await undoCheckIn(action.attendeeId);
            outcome = { kind: 'sent' };
          }
        } catch (error) {
          status = statusOf(error);
          // An undo of a check-in that is gone already is done.
          outcome =
            action.kind === 'undo' && status === 404 ? { kind: 'sent' } : sendOutcome({ status });
        }
        if (outcome.kind === 'retry') {
          if (status === 0) setUnreachable(true);
          return;
        }
        if (outcome.kind === 'unauthorized') return onUnauthorized();
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
  }, [live, onUnauthorized, removeQueued]);

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
  }, [queued, flush, live.connection]);

  const dismissConflict = useCallback((key: string) => {
    setConflicts((current) => current.filter((conflict) => conflict.key !== key));
  }, []);

  return {
    listState: forbidden ? ('forbidden' as const) : live.listState,
    reload: live.reload,
    stopLive: live.stop,
    attendees,
    counts,
    connection: live.connection,
    offline,
    queued,
    shown,
    checking,
    conflicts,
    scan,
    checkInById,
    undo,
    dismissConflict,
  };
}
