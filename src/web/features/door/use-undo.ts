// 'Desfazer' on a check-in: dropped from the queue if no request ever carried it; queued as an undo
// behind it if one did (the server may have it, or get it yet: the undo must follow it); undone on
// the server otherwise, or queued as an undo when the server cannot be reached. The verdict's own
// 'Desfazer' takes a turn like a scan (a newer scan keeps the screen); a late verdict's, in the
// warnings' list, says its result there (docs/decisions/0161, 0165).
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AttendeeChange } from '@shared/door.schema.ts';
import { toast } from '@/components/ui/toaster.tsx';
import type { Session } from '@/features/session/session-api.ts';
import type { QueuedAction, Verdict } from './check-ins.ts';
import { failureOfError, undoCheckIn } from './door-api.ts';
import { doorTexts } from './door-texts.ts';
import type { ShownVerdict } from './use-verdict.ts';

/** The check-in a verdict made, which 'Desfazer' undoes. */
export type UndoTarget = NonNullable<ShownVerdict['undoable']>;

export interface UndoOptions {
  session: Session;
  apply(change: AttendeeChange): void;
  withdrawCheckIn(key: string): Promise<'dropped' | 'pending' | 'gone'>;
  enqueue<T extends QueuedAction>(action: T): Promise<T>;
  /** The browser's session is another account's now (decision 0210). */
  onAccountChanged(): void;
}

/** Undoes `target`'s check-in; `say` shows the result ('Entrada desfeita') where it belongs. */
export function useUndo({
  session,
  apply,
  withdrawCheckIn,
  enqueue,
  onAccountChanged,
}: UndoOptions) {
  const { mutateAsync: send } = useMutation({
    mutationFn: (id: string) => undoCheckIn(id, session.email),
  });

  return useCallback(
    async (target: UndoTarget, say: (verdict: Verdict) => void) => {
      const { attendee } = target;
      const undone = { ...attendee, checked_in_at: null, checked_in_by: null };
      const queuedUndo = (undoes?: string) =>
        enqueue({
          kind: 'undo',
          key: crypto.randomUUID(),
          attendeeId: attendee.id,
          name: attendee.nome_completo,
          at: new Date().toISOString(),
          by: session.email,
          undoes,
        });
      const withdrawn = await withdrawCheckIn(target.key);
      // Still on the phone and never sent: it never reached the server, and now never will.
      if (withdrawn === 'dropped') return say({ kind: 'undone', attendee: undone });
      // Sent without an answer, or being sent: undone on the server only after it, in the queue's order.
      if (withdrawn === 'pending') {
        await queuedUndo(target.key);
        return say({ kind: 'undone', attendee: undone });
      }
      try {
        await send(attendee.id);
        apply({ type: 'upserted', attendee: undone });
      } catch (error) {
        const failure = failureOfError(error);
        if (failure === 'session') return; // the page's query client has ended the session
        if (failure === 'other_account') return onAccountChanged();
        if (failure !== 'no_answer' && failure !== 'passing') {
          toast.error(doorTexts.verdict.undoFailed);
          return;
        }
        await queuedUndo();
      }
      say({ kind: 'undone', attendee: undone });
    },
    [withdrawCheckIn, send, apply, enqueue, session.email, onAccountChanged],
  );
}
