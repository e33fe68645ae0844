// Every message of one registration (e-mail, WhatsApp) with its times, in its history. Under the
// trail's own cache key: the live stream refreshes both on each change to the registration.
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@shared/labels.ts';
import { useEvent } from '@/lib/event-config.ts';
import { listMessages } from './admin-api.ts';
import { adminTexts } from './admin-texts.ts';
import { deliveryText } from './delivery-status.tsx';

const texts = adminTexts.messages;

export function MessageHistory({
  registrationId,
  queryKey,
}: {
  registrationId: string;
  /** Under the trail's key, so that refreshing the trail refreshes this too. */
  queryKey: readonly unknown[];
}) {
  const { timeZone } = useEvent();
  const messages = useQuery({
    queryKey,
    queryFn: ({ signal }) => listMessages(registrationId, signal),
  });
  // Nothing ever sent by itself (no channel configured): the history stays as it was.
  if (messages.data?.length === 0) return null;
  const headingId = `${registrationId}-mensagens`;
  return (
    <section aria-labelledby={headingId} className="mt-3 grid gap-1">
      <h3 id={headingId} className="font-semibold">
        {texts.historyHeading}
      </h3>
      {messages.isPending && <p role="status">{texts.historyLoading}</p>}
      {messages.isError && <p role="alert">{texts.historyFailed}</p>}
      {messages.data && (
        <ol className="grid gap-1">
          {messages.data.map((message) => (
            <li key={message.id} className="[overflow-wrap:anywhere]">
              {texts.channels[message.channel]} · {texts.kinds[message.kind]}:{' '}
              <span className="font-semibold">{deliveryText(message)}</span>{' '}
              {message.status !== 'failed' && message.error && (
                <>{texts.lastAttempt(message.error.message)} </>
              )}
              <span className="text-muted-foreground">
                (
                {texts.historyTimes(
                  formatDateTime(message.created_at, timeZone),
                  formatDateTime(message.updated_at, timeZone),
                  message.attempts,
                )}
                )
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
