// The bar that acts on the selected registrations, kept at the bottom of the screen while any is
// selected: however far down the list the organizer ticked the last box, the buttons are there.
import { Button } from '@/components/ui/button.tsx';
import { adminTexts } from './admin-texts.ts';

const texts = adminTexts.bulk;

export interface BulkActionsProps {
  /** Selected registrations still in the list. */
  count: number;
  /** Of those, the ones with a failed message (offered only while some channel sends). */
  failedCount: number;
  sending: boolean;
  busy: 'confirm' | 'resend' | null;
  onConfirm(): void;
  onResend(): void;
  onClear(): void;
}

export function BulkActions({
  count,
  failedCount,
  sending,
  busy,
  onConfirm,
  onResend,
  onClear,
}: BulkActionsProps) {
  if (count === 0) return null;
  return (
    <div
      role="region"
      aria-label={texts.label}
      className="bg-card sticky bottom-0 z-10 border-t shadow-[0_-2px_8px_rgb(0_0_0/0.06)]"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-2 px-4 py-3 sm:px-6">
        <p className="mr-auto text-sm font-semibold">{texts.selected(count)}</p>
        <Button size="sm" variant="success" disabled={busy !== null} onClick={onConfirm}>
          {busy === 'confirm' ? texts.confirming : texts.confirm(count)}
        </Button>
        {sending && (
          <Button
            size="sm"
            variant="outline"
            disabled={busy !== null || failedCount === 0}
            onClick={onResend}
          >
            {busy === 'resend' ? texts.resending : texts.resend(failedCount)}
          </Button>
        )}
        <Button size="sm" variant="ghost" disabled={busy !== null} onClick={onClear}>
          {texts.clear}
        </Button>
      </div>
    </div>
  );
}
