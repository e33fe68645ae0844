// 'Desfazer entrada' on a card whose person is in (issue 31.8): the door's undo, for an admin,
// whoever let them in and whenever. No question first: the entry can be registered again.
import { useState } from 'react';
import type { Registration } from '@shared/registration.schema.ts';
import { Button } from '@/components/ui/button.tsx';
import { adminTexts } from './admin-texts.ts';

const texts = adminTexts.card;

export interface EntryUndoProps {
  registration: Registration;
  /** The card's title: the button is described by the person's name. */
  headingId: string;
  /** Resolves true when the entry was taken back. */
  onUndoEntry(registration: Registration): Promise<boolean>;
}

export function EntryUndo({ registration, headingId, onUndoEntry }: EntryUndoProps) {
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
        await onUndoEntry(registration);
        setBusy(false);
      }}
    >
      {busy ? texts.undoingEntry : texts.undoEntry}
    </Button>
  );
}
