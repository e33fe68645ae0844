// Where a registration's messages are, per channel, on its card: read from the row itself (each
// row carries its channels' newest message), so a card asks the server nothing to show them.
import { Check, CheckCheck, Clock, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import {
  isResendable,
  messageChannels,
  type DeliveryState,
  type MessageChannel,
  type ResendRequest,
} from '@shared/message.schema.ts';
import type { Registration } from '@shared/registration.schema.ts';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/cn.ts';
import { adminTexts } from './admin-texts.ts';

const texts = adminTexts.messages;

/** 'Enviado', or 'Falhou: <the provider's reason in pt-BR>'. */
export function deliveryText(state: Pick<DeliveryState, 'status' | 'error'>): string {
  if (state.status === 'failed' && state.error) return texts.failed(state.error.message);
  return texts.statuses[state.status];
}

function StatusIcon({ status }: { status: DeliveryState['status'] }) {
  const className = 'mt-0.5 size-4 shrink-0';
  switch (status) {
    case 'queued':
    case 'sending':
      return <Clock aria-hidden="true" className={cn(className, 'text-muted-foreground')} />;
    case 'sent':
      return <Check aria-hidden="true" className={cn(className, 'text-muted-foreground')} />;
    case 'delivered':
    case 'read':
      return <CheckCheck aria-hidden="true" className={cn(className, 'text-success')} />;
    case 'failed':
      return <TriangleAlert aria-hidden="true" className={cn(className, 'text-destructive')} />;
  }
}

export interface DeliveryStatusProps {
  registration: Registration;
  /** The channels that send now: only those offer 'Reenviar'. */
  channels: readonly MessageChannel[];
  /** The card's heading: what each 'Reenviar' is about. */
  headingId: string;
  /** Resolves once the server answered (or failed). */
  onResend(registration: Registration, request: ResendRequest): Promise<void>;
}

export function DeliveryStatus({
  registration,
  channels,
  headingId,
  onResend,
}: DeliveryStatusProps) {
  const shown = messageChannels.filter((channel) => registration.delivery[channel]);
  if (shown.length === 0) return null;
  return (
    <ul aria-label={texts.label} className="grid gap-1.5 text-sm">
      {shown.map((channel) => (
        <ChannelLine
          key={channel}
          channel={channel}
          state={registration.delivery[channel]!}
          canResend={
            channels.includes(channel) &&
            isResendable(registration.delivery[channel]!.kind) &&
            // A ticket goes to confirmed registrations only (the server says so too).
            (registration.delivery[channel]!.kind !== 'ticket' ||
              registration.status === 'confirmed')
          }
          headingId={headingId}
          onResend={async () => {
            const { kind } = registration.delivery[channel]!;
            // Never on a card: an announcement is counted on its own screen (decision 0269); a
            // 'Tem certeza?' answers the person's own reply (decision 0280).
            if (isResendable(kind)) await onResend(registration, { channel, kind });
          }}
        />
      ))}
    </ul>
  );
}

function ChannelLine({
  channel,
  state,
  canResend,
  headingId,
  onResend,
}: {
  channel: MessageChannel;
  state: DeliveryState;
  canResend: boolean;
  headingId: string;
  onResend(): Promise<void>;
}) {
  const lineId = useId();
  const [resending, setResending] = useState(false);
  const failed = state.status === 'failed';

  async function resend() {
    setResending(true);
    try {
      await onResend();
    } finally {
      setResending(false);
    }
  }

  return (
    <li className="flex items-start justify-between gap-2">
      <p id={lineId} className="flex min-w-0 items-start gap-1.5">
        <StatusIcon status={state.status} />
        <span className="min-w-0 [overflow-wrap:anywhere]">
          <span className="text-muted-foreground">
            {texts.channels[channel]} · {texts.kinds[state.kind]}:
          </span>{' '}
          <span className={cn('font-semibold', failed && 'text-destructive')}>
            {deliveryText(state)}
          </span>
          {/* Waiting for another try: why the last one did not go (an SMTP server unreachable). */}
          {!failed && state.error && <> {texts.lastAttempt(state.error.message)}</>}
        </span>
      </p>
      {canResend && (
        <Button
          size="sm"
          variant="outline"
          className="h-8 shrink-0 px-2.5"
          disabled={resending}
          aria-describedby={`${lineId} ${headingId}`}
          onClick={() => void resend()}
        >
          {resending ? texts.resending : texts.resend}
        </Button>
      )}
    </li>
  );
}
