// Asked before a question or an option somebody answered leaves the form (issue 34.5): how many
// answered it, and that their answers stay.
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
import { formQuestionsTexts as texts } from './form-questions-texts.ts';
import type { QuestionRemoval } from './use-question-removal.ts';

export interface RemovalDialogProps {
  removal: QuestionRemoval;
  /** After 'Retirar': the focus goes where the section says (the asking button is gone). */
  onRemoved(): void;
}

export function RemovalDialog({ removal, onRemoved }: RemovalDialogProps) {
  const { asked } = removal;
  const option = asked?.target.option;
  const label = option ? option.label : (asked?.target.question.label ?? '');
  return (
    <AlertDialog
      open={asked !== null}
      onOpenChange={(open) => {
        if (!open) removal.back();
      }}
    >
      <AlertDialogContent
        // Confirmed, the button that opened it is gone: the section puts the focus itself.
        onCloseAutoFocus={(event) => {
          if (!removal.wasConfirmed()) return;
          event.preventDefault();
          onRemoved();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>
            {option ? texts.dialog.optionTitle : texts.dialog.questionTitle}
          </AlertDialogTitle>
          <AlertDialogDescription>
            {asked &&
              (option
                ? texts.dialog.option(label, asked.answered)
                : texts.dialog.question(label, asked.answered))}{' '}
            {texts.dialog.description}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline">{texts.dialog.back}</Button>
          </AlertDialogCancel>
          <Button variant="destructive" onClick={removal.confirm}>
            {texts.dialog.confirm}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
