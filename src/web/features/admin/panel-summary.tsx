// Under the panel's title: the counts, the live connection, when the data is erased and whether
// messages leave by themselves (the last two folded on a phone).
import { useMemo } from 'react';
import { eventErasureAt } from '@shared/retention.ts';
import type { Registration } from '@shared/registration.schema.ts';
import { useEvent } from '@/lib/event-config.ts';
import { adminTexts } from './admin-texts.ts';
import { ConnectionStatus } from './connection-status.tsx';
import { FoldOnPhone } from './fold-on-phone.tsx';
import { SendingOff } from './messaging-notice.tsx';
import { countRegistrations } from './registrations-list.ts';
import type { LiveRegistrations } from './use-live-registrations.ts';
import type { useMessaging } from './use-messaging.ts';

export interface PanelSummaryProps {
  listState: LiveRegistrations['listState'];
  registrations: Registration[];
  connection: LiveRegistrations['connection'];
  messaging: ReturnType<typeof useMessaging>['state'];
}

export function PanelSummary({
  listState,
  registrations,
  connection,
  messaging,
}: PanelSummaryProps) {
  const event = useEvent();
  const erasureDate = useMemo(
    () =>
      new Intl.DateTimeFormat('pt-BR', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: event.timeZone,
      }),
    [event.timeZone],
  );
  const counts = useMemo(
    () => countRegistrations(registrations, event.capacity),
    [registrations, event.capacity],
  );
  return (
    <>
      <div className="text-muted-foreground mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        {listState === 'ready' && <p>{adminTexts.header.counts(counts)}</p>}
        <ConnectionStatus connection={connection} />
      </div>
      <FoldOnPhone texts={adminTexts.header.notices}>
        <p className="text-muted-foreground mt-1 text-sm">
          {adminTexts.header.erasure(
            erasureDate.format(eventErasureAt(event)),
            event.retentionDays,
          )}
        </p>
        <SendingOff state={messaging} />
      </FoldOnPhone>
    </>
  );
}
