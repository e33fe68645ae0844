// A person at the door, by the QR's code or found by name: the server decides when it answers in
// time; otherwise this phone decides from its list and queues the check-in. Each scan takes a turn
// (use-verdict.ts): a late answer for an earlier scan does not take the screen.
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AttendeeChange, CheckInRequest } from '@shared/door.schema.ts';
import { ticketCodeFrom } from '@shared/ticket-code.ts';
import { toast } from '@/components/ui/toaster.tsx';
import type { Session } from '@/features/session/session-api.ts';
import type { AttendeeIndex } from './attendees.ts';
import {
  decideLocally,
  verdictFromResult,
  type QueuedAction,
  type QueuedCheckIn,
} from './check-ins.ts';
import { checkIn, failureOfError } from './door-api.ts';
import { doorTexts } from './door-texts.ts';
import type { Turn } from './use-verdict.ts';

export interface AdmitOptions {
  session: Session;
  /** The list as this phone sees it (queued check-ins applied). */
  index: AttendeeIndex;
  apply(change: AttendeeChange): void;
  /** A scan or search starts: what shows its verdict (unless a newer one started since). */
  begin(): Turn;
  enqueue<T extends QueuedAction>(action: T): Promise<T>;
  setUnreachable(unreachable: boolean): void;
  /** The browser's session is another account's now (decision 0210). */
  onAccountChanged(): void;
}

export function useAdmit({
  session,
  index,
  apply,
  begin,
  enqueue,
  setUnreachable,
  onAccountChanged,
}: AdmitOptions) {
  const { mutateAsync: send } = useMutation({
    mutationFn: ({ request, key }: { request: CheckInRequest; key: string }) =>
      checkIn(request, key, session.email),
  });

  const admit = useCallback(
    async (request: CheckInRequest, { show, end }: Turn, decodedAt?: number) => {
      /** The person as this phone's list has them, by the ticket's code or by their id. */
      const known = (asked: CheckInRequest) =>
        'code' in asked ? index.byCode.get(asked.code) : index.byId.get(asked.registration_id);
      const key = crypto.randomUUID();
      const scannedAt = new Date().toISOString();
      const attempted = navigator.onLine;
      try {
        if (attempted) {
          try {
            // No scan time: the server's clock says when, whatever this phone's says (0165).
            const result = await send({ request, key });
            setUnreachable(false);
            apply({ type: 'upserted', attendee: result.registration });
            const verdict = verdictFromResult(result);
            show(verdict, {
              decodedAt,
              undoable:
                verdict.kind === 'admitted' ? { key, attendee: result.registration } : undefined,
            });
            return;
          } catch (error) {
            const failure = failureOfError(error);
            switch (failure) {
              case 'session':
                return; // the page's query client has ended the session
              case 'other_account':
                return onAccountChanged();
              case 'invalid':
                return show({ kind: 'invalid' }, { decodedAt });
              case 'not_confirmed':
              case 'cancelled': {
                return show({ kind: failure, attendee: known(request) }, { decodedAt });
              }
              case 'refused':
                return show({ kind: 'refused', message: (error as Error).message }, { decodedAt });
              case 'no_answer':
                setUnreachable(true);
                break;
              case 'passing':
                break;
            }
            // No answer, or a failing server: the phone decides from its list.
          }
        }
        const attendee = known(request);
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
          attempted,
        });
        show(
          { kind: 'admitted', attendee: admitted, offline: true },
          { decodedAt, undoable: { key, attendee: admitted } },
        );
      } catch {
        show({ kind: 'invalid' }, { decodedAt });
        toast.error(doorTexts.verdict.checkInFailed);
      } finally {
        end();
      }
    },
    [send, index, apply, enqueue, setUnreachable, session.email, onAccountChanged],
  );

  /** A QR in view: its text, and when it was decoded. */
  const scan = useCallback(
    (text: string, decodedAt: number) => {
      const turn = begin();
      const code = ticketCodeFrom(text);
      if (!code) return turn.show({ kind: 'invalid' }, { decodedAt });
      void admit({ code }, turn, decodedAt);
    },
    [admit, begin],
  );

  const checkInById = useCallback(
    (registrationId: string) => admit({ registration_id: registrationId }, begin()),
    [admit, begin],
  );

  return { scan, checkInById };
}
