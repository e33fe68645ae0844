// 'Desfazer entrada' on a card whose person is in (issue 31.8): the door's undo, for an admin,
// whoever let them in and whenever. No question first: the entry can be registered again; a
// certificate issued meanwhile is asked about after (issue 36.4).
import { useState } from 'react';
import type { Registration } from '@shared/registration.schema.ts';
import { Button } from '@/components/ui/button.tsx';
import { adminTexts } from './admin-texts.ts';

const texts = adminTexts.card;

export interface EntryUndoProps {
  registration: Registration;
  /** The card's title: the button is described by the person's name. */
  headingId: string;
  /** Whether the entry was taken back, and whether a certificate stands (issue 36.4). */
  onUndoEntry(registration: Registration): Promise<EntryUndone>;
  /** A certificate was issued before the entry was undone: the card asks whether to revoke it. */
  onCertificateStands(): void;
}

export interface EntryUndone {
  undone: boolean;
  certificateIssued: boolean;
}

export function EntryUndo({
  registration,
  headingId,
  onUndoEntry,
  onCertificateStands,
}: EntryUndoProps) {
  const [busy, setBusy] = useState(false);
  if (!registration.checked_in_at) return null;
  return (
    <Button
      size="sm"
      variant="outline"
      className="self-start"
      disabled={busy}
      aria-describedby={headingId}
      onClick={async () => {
        setBusy(true);
        const { certificateIssued } = await onUndoEntry(registration);
        setBusy(false);
        if (certificateIssued) onCertificateStands();
      }}
    >
      {busy ? texts.undoingEntry : texts.undoEntry}
    </Button>
  );
}
