// What a card's buttons do to its registration: confirm, cancel, restore, undo the entry, send the
// ticket, resend a message. Each answers with a toast and puts the server's registration in the live list at once.
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ResendRequest } from '@shared/message.schema.ts';
import { ticketPageUrl } from '@shared/paths.ts';
import type { Registration } from '@shared/registration.schema.ts';
import { ticketMessage, whatsappLink } from '@shared/whatsapp.ts';
import { toast } from '@/components/ui/toaster.tsx';
import { ApiRequestError, isUnauthorized } from '@/lib/api-client.ts';
import { useEvent } from '@/lib/event-config.ts';
import { readPublicUrl } from '@/lib/public-url.ts';
import {
  cancelRegistration,
  confirmRegistration,
  markTicketSent,
  resendMessage,
  restoreRegistration,
  undoEntry as undoEntryRequest,
} from './admin-api.ts';
import { adminTexts } from './admin-texts.ts';
import type { LiveRegistrations } from './use-live-registrations.ts';

// A 401 from any request below ends the session in one place (lib/live-query-client.ts): here it
// only stops what was under way.

/**
 * Why it failed, under the toast: the server's refusal (no seat left, cancelled…) or the
 * connection's ('Sem conexão com o servidor…', a timeout), in pt-BR either way.
 */
export function reason(error: unknown): { description: string } | undefined {
  return error instanceof ApiRequestError ? { description: error.message } : undefined;
}

export function useRegistrationActions(apply: LiveRegistrations['apply']) {
  const event = useEvent();
  const { mutateAsync: confirmOne } = useMutation({ mutationFn: confirmRegistration });
  const { mutateAsync: recordTicketSent } = useMutation({ mutationFn: markTicketSent });
  const { mutateAsync: resendOne } = useMutation({
    mutationFn: ({ id, request }: { id: string; request: ResendRequest }) =>
      resendMessage(id, request),
  });
  // Seats (decision 0130): the organizer cancels, or restores a cancelled person.
  const { mutateAsync: cancelOne } = useMutation({ mutationFn: cancelRegistration });
  const { mutateAsync: restoreOne } = useMutation({ mutationFn: restoreRegistration });
  const { mutateAsync: undoOne } = useMutation({ mutationFn: undoEntryRequest });

  const confirm = useCallback(
    async (registration: Registration) => {
      try {
        const updated = await confirmOne(registration.id);
        apply({ type: 'updated', registration: updated });
        toast.success(adminTexts.actions.confirmed, {
          description: adminTexts.actions.confirmedDescription,
        });
        return true;
      } catch (error) {
        if (!isUnauthorized(error)) toast.error(adminTexts.actions.confirmFailed, reason(error));
        return false;
      }
    },
    [apply, confirmOne],
  );

  const cancel = useCallback(
    async (registration: Registration) => {
      try {
        apply({ type: 'updated', registration: await cancelOne(registration.id) });
        toast.success(adminTexts.actions.cancelled, {
          description: adminTexts.actions.cancelledDescription,
        });
        return true;
      } catch (error) {
        if (!isUnauthorized(error)) toast.error(adminTexts.actions.cancelFailed, reason(error));
        return false;
      }
    },
    [apply, cancelOne],
  );

  const restore = useCallback(
    async (registration: Registration) => {
      try {
        apply({ type: 'updated', registration: await restoreOne(registration.id) });
        toast.success(adminTexts.actions.restored);
        return true;
      } catch (error) {
        if (!isUnauthorized(error)) toast.error(adminTexts.actions.restoreFailed, reason(error));
        return false;
      }
    },
    [apply, restoreOne],
  );

  const undoEntry = useCallback(
    async (registration: Registration) => {
      try {
        const answer = await undoOne(registration.id);
        // The answer is the door's view of the person: the card drops the entry itself (the live
        // stream says the same a moment later).
        apply({
          type: 'updated',
          registration: { ...registration, checked_in_at: null, checked_in_by: null },
        });
        toast.success(adminTexts.actions.entryUndone);
        return { undone: true, certificateIssued: answer.certificate_issued === true };
      } catch (error) {
        if (!isUnauthorized(error)) toast.error(adminTexts.actions.undoEntryFailed, reason(error));
        return { undone: false, certificateIssued: false };
      }
    },
    [apply, undoOne],
  );

  const sendTicket = useCallback(
    async (registration: Registration) => {
      // Opened within the click itself: after an await, popup blockers would stop the tab.
      // The ticket page on the site's public address (PUBLIC_URL), as its QR code says.
      const ticketUrl = registration.ticket_code
        ? ticketPageUrl(readPublicUrl(), registration.ticket_code)
        : undefined;
      const link = whatsappLink(
        registration.whatsapp,
        ticketMessage(registration, event, ticketUrl),
      );
      window.open(link, '_blank', 'noopener,noreferrer');
      toast.success(adminTexts.actions.ticketSent, {
        description: adminTexts.actions.ticketSentDescription(registration.nome_completo),
      });
      // Then the server records the send, so every panel shows who already got a ticket.
      try {
        apply({ type: 'updated', registration: await recordTicketSent(registration.id) });
      } catch (error) {
        if (!isUnauthorized(error))
          toast.error(adminTexts.actions.ticketRecordFailed, reason(error));
      }
    },
    [apply, recordTicketSent, event],
  );

  const resend = useCallback(
    async (registration: Registration, request: ResendRequest) => {
      try {
        await resendOne({ id: registration.id, request });
        // The card follows on the live stream ('Na fila', then where it gets).
        toast.success(adminTexts.messages.resent);
      } catch (error) {
        if (!isUnauthorized(error)) {
          toast.error(adminTexts.messages.resendFailed, {
            // The server's own words: the channel is off, the registration is not confirmed…
            description: error instanceof ApiRequestError ? error.message : undefined,
          });
        }
      }
    },
    [resendOne],
  );

  return { confirm, cancel, restore, undoEntry, sendTicket, resend };
}

export type RegistrationActions = ReturnType<typeof useRegistrationActions>;
