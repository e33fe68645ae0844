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

const texts = adminTexts.deleteDialog;

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
          <AlertDialogTitle>{texts.title}</AlertDialogTitle>
          <AlertDialogDescription className="[overflow-wrap:anywhere]">
            {texts.description(registration?.nome_completo ?? '')}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline">{texts.cancel}</Button>
          </AlertDialogCancel>
          {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus. */}
          <Button
            variant="destructive"
            aria-disabled={deleting}
            onClick={() => {
              if (!deleting) onConfirm();
            }}
          >
            {deleting ? texts.deleting : texts.delete}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
