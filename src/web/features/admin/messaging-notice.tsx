// What the panel says about sending by itself: a paused channel's reason, at the top (the
// provider refused our credentials: nothing leaves until the operator fixes them), messages
// waiting for another try and why (an SMTP server that cannot be reached is no pause, and the
// cards alone said 'Na fila' for a day), or the one line that says how to turn sending on when no
// channel is configured.
import { TriangleAlert } from 'lucide-react';
import { messageChannels, type MessagingState } from '@shared/message.schema.ts';
import { adminTexts } from './admin-texts.ts';

const texts = adminTexts.messages;

function NoticeLine({ line }: { line: string }) {
  return (
    <p className="mx-auto flex max-w-7xl items-start gap-2 px-4 py-2 text-sm font-semibold sm:px-6">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0 [overflow-wrap:anywhere]">{line}</span>
    </p>
  );
}

export function PausedChannels({ state }: { state: MessagingState | undefined }) {
  const paused = state
    ? messageChannels.flatMap((channel) => {
        const pause = state[channel].paused;
        return pause ? [texts.paused[channel](pause.message)] : [];
      })
    : [];
  // A paused channel's line says enough: its messages wait for the operator, not for a retry.
  const retrying = state
    ? messageChannels.flatMap((channel) => {
        const waiting = state[channel].retrying;
        return waiting && !state[channel].paused
          ? [texts.retrying(channel, waiting.count, waiting.message)]
          : [];
      })
    : [];
  if (paused.length === 0 && retrying.length === 0) return null;
  return (
    <div className="bg-warning text-warning-foreground">
      {paused.length > 0 && (
        <div role="alert">
          {paused.map((line) => (
            <NoticeLine key={line} line={line} />
          ))}
        </div>
      )}
      {retrying.length > 0 && (
        <div role="status">
          {retrying.map((line) => (
            <NoticeLine key={line} line={line} />
          ))}
        </div>
      )}
    </div>
  );
}

/** The line, once the server said that no channel is configured. */
export function SendingOff({ state }: { state: MessagingState | undefined }) {
  if (!state || messageChannels.some((channel) => state[channel].configured)) return null;
  return <p className="text-muted-foreground mt-1 text-sm [overflow-wrap:anywhere]">{texts.off}</p>;
}
