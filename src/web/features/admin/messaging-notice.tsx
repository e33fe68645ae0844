// What the panel says about sending by itself: a paused channel's reason, at the top (the
// provider refused our credentials: nothing leaves until the operator fixes them), or the one line
// that says how to turn sending on when no channel is configured.
import { TriangleAlert } from 'lucide-react';
import { messageChannels, type MessagingState } from '@shared/message.schema.ts';
import { adminTexts } from './admin-texts.ts';

const texts = adminTexts.messages;

export function PausedChannels({ state }: { state: MessagingState | undefined }) {
  const lines = state
    ? messageChannels.flatMap((channel) => {
        const pause = state[channel].paused;
        return pause ? [texts.paused[channel](pause.message)] : [];
      })
    : [];
  if (lines.length === 0) return null;
  return (
    <div role="alert" className="bg-warning text-warning-foreground">
      {lines.map((line) => (
        <p
          key={line}
          className="mx-auto flex max-w-7xl items-start gap-2 px-4 py-2 text-sm font-semibold sm:px-6"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0 [overflow-wrap:anywhere]">{line}</span>
        </p>
      ))}
    </div>
  );
}

/** The line, once the server said that no channel is configured. */
export function SendingOff({ state }: { state: MessagingState | undefined }) {
  if (!state || messageChannels.some((channel) => state[channel].configured)) return null;
  return <p className="text-muted-foreground mt-1 text-sm [overflow-wrap:anywhere]">{texts.off}</p>;
}
