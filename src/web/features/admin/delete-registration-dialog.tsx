// "Excluir inscrição?": names the person; stays open while the deletion is in flight.
import type { Registration } from '@shared/registration.schema.ts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { adminTexts } from './admin-texts.ts';

export interface DeleteRegistrationDialogProps {
  registration: Registration | null;
  deleting: boolean;
  onCancel(): void;
  onConfirm(): void;
  /** Where focus goes when the dialog closes. */
  onCloseAutoFocus(event: Event): void;
}

export function DeleteRegistrationDialog({
  registration,
  deleting,
  onCancel,
  onConfirm,
  onCloseAutoFocus,
}: DeleteRegistrationDialogProps) {
  return (
    <AlertDialog
      open={registration !== null}
      onOpenChange={(open) => {
        if (!open && !deleting) onCancel();
      }}
    >
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{adminTexts.deleteTitle}</AlertDialogTitle>
          <AlertDialogDescription className="[overflow-wrap:anywhere]">
            {adminTexts.deleteDescription(registration?.nome_completo ?? '')}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline">{adminTexts.cancel}</Button>
          </AlertDialogCancel>
          {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus. */}
          <Button
            variant="destructive"
            aria-disabled={deleting}
            onClick={() => {
              if (!deleting) onConfirm();
            }}
          >
            {deleting ? adminTexts.deleting : adminTexts.delete}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
