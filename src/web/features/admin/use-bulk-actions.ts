// Confirming the selected registrations, and sending their failed messages again: one request
// each (several only past the server's limit per request), and a toast with what the server did.
// The cards change by the live stream, as every other panel's do.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { bulkConfirmLimit, type BulkConfirmResult } from '@shared/message.schema.ts';
import { toast } from '@/components/ui/toaster.tsx';
import { isUnauthorized } from '@/lib/api-client.ts';
import { confirmRegistrations, resendFailed } from './admin-api.ts';
import { adminTexts } from './admin-texts.ts';

const texts = adminTexts.bulk;

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
  /** After an action the server carried out: the selection is spent. */
  onDone(): void;
}) {
  const [busy, setBusy] = useState<'confirm' | 'resend' | null>(null);
  // Mutations: a 401 is handled once, by the page's query client (back to the login form).
  const { mutateAsync: confirmPart } = useMutation({ mutationFn: confirmRegistrations });
  const { mutateAsync: resendPart } = useMutation({ mutationFn: resendFailed });

  async function confirm(ids: readonly string[]) {
    setBusy('confirm');
    try {
      const total: BulkConfirmResult = {
        confirmed: 0,
        already_confirmed: 0,
        not_found: 0,
        past_edition: 0,
        capacity_reached: 0,
        cancelled: 0,
      };
      for (const part of chunks(ids)) {
        const result = await confirmPart(part);
        total.confirmed += result.confirmed;
        total.already_confirmed += result.already_confirmed;
        total.capacity_reached += result.capacity_reached;
        total.cancelled += result.cancelled;
        total.not_found += result.not_found;
        total.past_edition += result.past_edition;
      }
      const description = texts.confirmedDescription(total);
      // '0 inscrições confirmadas' (the event full, all cancelled…) is no success: a warning.
      const say = total.confirmed > 0 ? toast.success : toast.warning;
      say(texts.confirmed(total), description ? { description } : undefined);
      onDone();
    } catch (error) {
      if (!isUnauthorized(error)) {
        toast.error(texts.confirmFailed, { description: (error as Error).message });
      }
    } finally {
      setBusy(null);
    }
  }

  async function resend(ids: readonly string[]) {
    setBusy('resend');
    try {
      let queued = 0;
      for (const part of chunks(ids)) queued += (await resendPart(part)).queued;
      if (queued > 0) toast.success(texts.resent(queued));
      else toast.warning(texts.nothingToResend);
      onDone();
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
