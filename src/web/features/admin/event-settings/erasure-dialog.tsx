// Asked before a save that makes the retention job erase registrations at once: never silently.
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
import { erasureWarning } from './erasure-warning.ts';
import { eventSettingsTexts as texts } from './event-settings-texts.ts';

export interface ErasureDialogProps {
  open: boolean;
  /** How many registrations the save would erase. */
  count: number;
  onBack(): void;
  onConfirm(): void;
}

export function ErasureDialog({ open, count, onBack, onConfirm }: ErasureDialogProps) {
  return (
    <AlertDialog
      open={open}
      onOpenChange={(open) => {
        if (!open) onBack();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{texts.erasure.title}</AlertDialogTitle>
          <AlertDialogDescription>
            {erasureWarning(count)} {texts.erasure.description}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline">{texts.erasure.back}</Button>
          </AlertDialogCancel>
          <Button variant="destructive" onClick={onConfirm}>
            {texts.erasure.confirm}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
