// 'Desfazer' on the verdict's check-in: dropped from the queue if it was never sent, undone on the
// server otherwise, or queued as an undo when the server cannot be reached.
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AttendeeChange } from '@shared/door.schema.ts';
import { toast } from '@/components/ui/toaster.tsx';
import type { Session } from '@/features/session/session-api.ts';
import type { QueuedAction } from './check-ins.ts';
import { failureOfError, undoCheckIn } from './door-api.ts';
import { doorTexts } from './door-texts.ts';
import type { ShownVerdict, ShowVerdict } from './use-verdict.ts';

export interface UndoOptions {
  session: Session;
  shown: ShownVerdict | null;
  show: ShowVerdict;
  apply(change: AttendeeChange): void;
  findQueued(key: string): QueuedAction | undefined;
  removeQueued(action: QueuedAction): Promise<void>;
  enqueue<T extends QueuedAction>(action: T): Promise<T>;
}

export function useUndo({
  session,
  shown,
  show,
  apply,
  findQueued,
  removeQueued,
  enqueue,
}: UndoOptions) {
  const { mutateAsync: send } = useMutation({ mutationFn: undoCheckIn });

  return useCallback(async () => {
    const target = shown?.undoable;
    if (!target) return;
    const { attendee } = target;
    const undone = { ...attendee, checked_in_at: null, checked_in_by: null };
    // Still on the phone: it never reached the server, and now never will.
    const queued = findQueued(target.key);
    if (queued) {
      await removeQueued(queued);
      return show({ kind: 'undone', attendee: undone });
    }
    try {
      await send(attendee.id);
      apply({ type: 'upserted', attendee: undone });
    } catch (error) {
      const failure = failureOfError(error);
      if (failure === 'session') return; // the page's query client has ended the session
      if (failure !== 'no_answer' && failure !== 'passing') {
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
  }, [shown, findQueued, removeQueued, show, send, apply, enqueue, session.email]);
}
