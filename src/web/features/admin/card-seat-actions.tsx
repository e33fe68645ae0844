// A card's seat buttons (decision 0130): 'Restaurar inscrição' on a cancelled registration, else
// 'Cancelar inscrição', asked once in the card before it cancels.
import { useState } from 'react';
import type { Registration } from '@shared/registration.schema.ts';
import { Button } from '@/components/ui/button.tsx';
import { adminTexts } from './admin-texts.ts';

const texts = adminTexts.card;

export interface SeatActionsProps {
  registration: Registration;
  /** The card's title: each button is described by the person's name. */
  headingId: string;
  /** Resolve true when it was cancelled, or restored. */
  onCancel(registration: Registration): Promise<boolean>;
  onRestore(registration: Registration): Promise<boolean>;
}

export function SeatActions({ registration, headingId, onCancel, onRestore }: SeatActionsProps) {
  // 'Cancelar inscrição' asks once, in the card, before it cancels; the question holds only while
  // the registration stays as it was when asked (cancelled here, by the person or on another
  // panel, it is over).
  const [question, setQuestion] = useState<{ status: string; busy: boolean } | null>(null);
  const cancelStep =
    question && question.status === registration.status
      ? question.busy
        ? 'busy'
        : 'asking'
      : 'idle';
  const setCancelStep = (step: 'idle' | 'asking' | 'busy') =>
    setQuestion(step === 'idle' ? null : { status: registration.status, busy: step === 'busy' });
  const [restoring, setRestoring] = useState(false);
  const cancelled = registration.status === 'cancelled';
  return cancelled ? (
    <Button
      size="sm"
      variant="outline"
      disabled={restoring}
      aria-describedby={headingId}
      onClick={async () => {
        setRestoring(true);
        await onRestore(registration);
        setRestoring(false);
      }}
    >
      {restoring ? texts.restoring : texts.restore}
    </Button>
  ) : cancelStep === 'idle' ? (
    <Button
      size="sm"
      variant="ghost"
      className="text-destructive self-start"
      aria-describedby={headingId}
      onClick={() => setCancelStep('asking')}
    >
      {texts.cancel}
    </Button>
  ) : (
    <div role="group" aria-label={texts.cancel} className="grid gap-2 rounded-lg border p-3">
      <p className="text-sm [overflow-wrap:anywhere]">
        {texts.cancelAsk(registration.nome_completo)}
      </p>
      <div className="flex flex-wrap gap-2 [&>*]:grow">
        <Button
          size="sm"
          variant="destructive"
          autoFocus
          aria-disabled={cancelStep === 'busy'}
          onClick={async () => {
            if (cancelStep === 'busy') return;
            setCancelStep('busy');
            const done = await onCancel(registration);
            if (!done) setCancelStep('asking');
          }}
        >
          {cancelStep === 'busy' ? texts.cancelling : texts.cancelYes}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setCancelStep('idle')}>
          {texts.cancelNo}
        </Button>
      </div>
    </div>
  );
}
