// "Excluir inscrição?": names the person; stays open while the deletion is in flight. When a
// certificate was issued to them, asks whether to keep it verifiable (kept unless unticked: issue
// 36.7).
import { useId, useState } from 'react';
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
import { useEvent } from '@/lib/event-config.ts';
import { adminTexts } from './admin-texts.ts';

const texts = adminTexts.deleteDialog;

export interface DeleteRegistrationDialogProps {
  registration: Registration | null;
  deleting: boolean;
  onCancel(): void;
  onConfirm(keepCertificate: boolean): void;
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
  const [keep, setKeep] = useState(true);
  const [askedFor, setAskedFor] = useState(registration);
  // Each question starts with the certificate kept.
  if (registration !== askedFor) {
    setAskedFor(registration);
    setKeep(true);
  }
  const certificate = registration?.certificate;
  const asks = Boolean(certificate && !certificate.revoked_at);
  const years = useEvent().certificateRetentionYears;
  const checkboxId = useId();
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
        {asks && (
          <div className="flex items-start gap-3 rounded-lg border p-3">
            <input
              id={checkboxId}
              type="checkbox"
              checked={keep}
              onChange={(e) => setKeep(e.target.checked)}
              aria-describedby={`${checkboxId}-ajuda`}
              className="accent-primary mt-0.5 size-5 shrink-0"
            />
            <div className="grid gap-1">
              <label htmlFor={checkboxId} className="text-sm font-semibold">
                {texts.keepCertificate}
              </label>
              <p id={`${checkboxId}-ajuda`} className="text-muted-foreground text-sm">
                {texts.keepCertificateHelp(years)}
              </p>
            </div>
          </div>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline">{texts.cancel}</Button>
          </AlertDialogCancel>
          {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus. */}
          <Button
            variant="destructive"
            aria-disabled={deleting}
            onClick={() => {
              if (!deleting) onConfirm(!asks || keep);
            }}
          >
            {deleting ? texts.deleting : texts.delete}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
