// 'Enviar aviso?': says how many people it reaches; stays open while it is being stored.
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
import { announcementsTexts as texts } from './announcements-texts.ts';

export interface ConfirmAnnouncementProps {
  open: boolean;
  count: number;
  audience: string;
  sending: boolean;
  onCancel(): void;
  onConfirm(): void;
}

export function ConfirmAnnouncement(props: ConfirmAnnouncementProps) {
  return (
    <AlertDialog
      open={props.open}
      onOpenChange={(open) => {
        if (!open && !props.sending) props.onCancel();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{texts.confirmTitle}</AlertDialogTitle>
          <AlertDialogDescription>
            {texts.confirmDescription(props.count, props.audience)}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline">{texts.cancel}</Button>
          </AlertDialogCancel>
          <Button disabled={props.sending} onClick={props.onConfirm}>
            {props.sending ? texts.sending : texts.confirm(props.count)}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
