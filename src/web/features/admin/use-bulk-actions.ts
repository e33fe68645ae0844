// Confirming the selected registrations, and sending their failed messages again: one request
// each (several only past the server's limit per request), and a toast with what the server did.
// The cards change by the live stream, as every other panel's do.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { clientErrorTable } from '@shared/api-error.ts';
import { bulkConfirmLimit } from '@shared/message.schema.ts';
import { toast } from '@/components/ui/toaster.tsx';
import { ApiRequestError, isUnauthorized } from '@/lib/api-client.ts';
import { confirmRegistrations, resendFailed, type BulkConfirmAnswer } from './admin-api.ts';
import { adminTexts } from './admin-texts.ts';

const texts = adminTexts.bulk;

/** Failures with no answer from our server: what was asked may have been done. */
const unansweredCodes: ReadonlySet<string> = new Set(
  Object.values(clientErrorTable).map((kind) => kind.code),
);

function chunks(ids: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let start = 0; start < ids.length; start += bulkConfirmLimit) {
    out.push(ids.slice(start, start + bulkConfirmLimit));
  }
  return out;
}

export function useBulkActions({
  onDone,
}: {
  /**
   * After an action the server carried out: these ids are spent. Only these: a box ticked while
   * the request was on its way is a new selection.
   */
  onDone(ids: readonly string[]): void;
}) {
  const [busy, setBusy] = useState<'confirm' | 'resend' | null>(null);
  // Mutations: a 401 is handled once, by the page's query client (back to the login form).
  const { mutateAsync: confirmPart } = useMutation({ mutationFn: confirmRegistrations });
  const { mutateAsync: resendPart } = useMutation({ mutationFn: resendFailed });

  async function confirm(ids: readonly string[]) {
    setBusy('confirm');
    const total: Required<BulkConfirmAnswer> = {
      confirmed: 0,
      already_confirmed: 0,
      not_found: 0,
      past_edition: 0,
      capacity_reached: 0,
      cancelled: 0,
      failed: 0,
      failure: '',
    };
    let sent = 0;
    try {
      for (const part of chunks(ids)) {
        const result = await confirmPart(part);
        sent += part.length;
        total.confirmed += result.confirmed;
        total.already_confirmed += result.already_confirmed;
        total.capacity_reached += result.capacity_reached;
        total.cancelled += result.cancelled;
        total.not_found += result.not_found;
        total.past_edition += result.past_edition;
        if (result.failed) {
          // The server stopped midway (0171): the rest is not sent either, the reason said.
          total.failed = ids.length - sent + result.failed;
          total.failure = result.failure ?? '';
          break;
        }
      }
    } catch (error) {
      setBusy(null);
      if (isUnauthorized(error)) return;
      const reason = (error as Error).message;
      // No answer (a timeout, the connection, a proxy's page): the server may have confirmed
      // them anyway, and a second try repeats nothing.
      const unanswered = !(error instanceof ApiRequestError) || unansweredCodes.has(error.code);
      const description = unanswered ? `${reason} ${texts.maybeConfirmed}` : reason;
      if (sent === 0) toast.error(texts.confirmFailed, { description });
      else {
        total.failed = ids.length - sent;
        total.failure = description;
        toast.warning(texts.confirmed(total), {
          description: texts.confirmedDescription(total),
        });
      }
      // The selection stays: 'Confirmar selecionados' again sends the same.
      return;
    }
    setBusy(null);
    const description = texts.confirmedDescription(total);
    // '0 inscrições confirmadas' (the event full, all cancelled…) is no success: a warning, as is
    // a confirmation the server could not finish.
    const say = total.confirmed > 0 && total.failed === 0 ? toast.success : toast.warning;
    say(texts.confirmed(total), description ? { description } : undefined);
    // Unfinished: the selection stays for a second try.
    if (total.failed === 0) onDone(ids);
  }

  /** `spent`: the selection this came from, whose other boxes the action settles too. */
  async function resend(ids: readonly string[], spent: readonly string[] = ids) {
    setBusy('resend');
    try {
      let queued = 0;
      for (const part of chunks(ids)) queued += (await resendPart(part)).queued;
      if (queued > 0) toast.success(texts.resent(queued));
      else toast.warning(texts.nothingToResend);
      onDone(spent);
    } catch (error) {
      if (!isUnauthorized(error)) {
        toast.error(texts.resendFailed, { description: (error as Error).message });
      }
    } finally {
      setBusy(null);
    }
  }

  return { busy, confirm, resend };
}
