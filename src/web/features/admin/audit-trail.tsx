// Who did what to one registration (confirmed, sent the ticket, checked in, undid), on its card,
// and the messages that went out by themselves.
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@shared/labels.ts';
import { useEvent } from '@/lib/event-config.ts';
import { listAudit } from './admin-api.ts';
import { adminTexts } from './admin-texts.ts';
import { auditEntryText } from './audit-entry-text.ts';
import { MessageHistory } from './message-history.tsx';

const texts = adminTexts.audit;

/** The cache key of one registration's trail: the live stream refreshes it on each change. */
export function auditKey(registrationId: string) {
  return ['admin', 'audit', registrationId] as const;
}

export function AuditTrail({ id, registrationId }: { id: string; registrationId: string }) {
  const { timeZone } = useEvent();
  const trail = useQuery({
    queryKey: auditKey(registrationId),
    queryFn: ({ signal }) => listAudit(registrationId, signal),
  });
  return (
    <div id={id} className="text-sm">
      {trail.isPending && <p role="status">{texts.loading}</p>}
      {trail.isError && <p role="alert">{texts.failed}</p>}
      {trail.data?.length === 0 && <p className="text-muted-foreground">{texts.empty}</p>}
      {trail.data && trail.data.length > 0 && (
        <ol className="grid gap-1">
          {trail.data.map((entry) => (
            <li key={entry.id} className="[overflow-wrap:anywhere]">
              <span className="text-muted-foreground">{formatDateTime(entry.at, timeZone)}</span>{' '}
              {auditEntryText(entry)}
            </li>
          ))}
        </ol>
      )}
      <MessageHistory
        registrationId={registrationId}
        queryKey={[...auditKey(registrationId), 'messages']}
      />
    </div>
  );
}
