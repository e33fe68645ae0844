// 'Excluir' on a card: asked in a dialog, then deleted; the focus goes back to the card's button,
// or to the panel's title once the card is gone.
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState, type RefObject } from 'react';
import type { Registration } from '@shared/registration.schema.ts';
import { toast } from '@/components/ui/toaster.tsx';
import { isNotFound, isUnauthorized } from '@/lib/api-client.ts';
import { deleteRegistration } from './admin-api.ts';
import { adminTexts } from './admin-texts.ts';
import type { LiveRegistrations } from './use-live-registrations.ts';
import { reason } from './use-registration-actions.ts';

export function useDeleteRegistration(
  apply: LiveRegistrations['apply'],
  heading: RefObject<HTMLHeadingElement | null>,
) {
  const { mutateAsync: deleteOne } = useMutation({ mutationFn: deleteRegistration });
  const [target, setTarget] = useState<Registration | null>(null);
  const [deleting, setDeleting] = useState(false);
  const returnFocusTo = useRef<HTMLElement | null>(null);

  const askToDelete = useCallback((registration: Registration, button: HTMLButtonElement) => {
    returnFocusTo.current = button;
    setTarget(registration);
  }, []);

  async function deleteTargeted(keepCertificate: boolean) {
    if (!target) return;
    setDeleting(true);
    try {
      await deleteOne({ id: target.id, keepCertificate });
      apply({ type: 'deleted', id: target.id });
      toast.success(adminTexts.actions.deleted);
    } catch (error) {
      if (isNotFound(error)) {
        // Someone else deleted it first: the result the organizer asked for.
        apply({ type: 'deleted', id: target.id });
        toast.success(adminTexts.actions.deleted);
      } else if (isUnauthorized(error)) {
        return;
      } else {
        toast.error(adminTexts.actions.deleteFailed, reason(error));
      }
    } finally {
      setDeleting(false);
    }
    setTarget(null);
  }

  function focusAfterDialog(closeEvent: Event) {
    closeEvent.preventDefault();
    const button = returnFocusTo.current;
    // The card is gone after a deletion: the page heading is the next sensible place.
    if (button?.isConnected) button.focus();
    else heading.current?.focus();
    returnFocusTo.current = null;
  }

  /** The dialog's props. */
  const dialog = {
    registration: target,
    deleting,
    onCancel: () => setTarget(null),
    onConfirm: deleteTargeted,
    onCloseAutoFocus: focusAfterDialog,
  };
  return { askToDelete, dialog };
}
