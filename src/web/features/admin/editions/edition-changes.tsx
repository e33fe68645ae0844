// Who changed an edition's settings, when, and which fields ('Histórico do evento'), oldest first.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { formatDateTime } from '@shared/labels.ts';
import { useEvent } from '@/lib/event-config.ts';
import { listEditionChanges } from '../admin-api.ts';
import { editionChangesKey } from './editions-keys.ts';
import { editionsTexts } from './editions-texts.ts';

const texts = editionsTexts.edition;

export function EditionChanges({ editionId }: { editionId: string }) {
  const { timeZone } = useEvent();
  const headingId = useId();
  const changes = useQuery({
    queryKey: editionChangesKey(editionId),
    queryFn: ({ signal }) => listEditionChanges(editionId, signal),
    staleTime: 0,
  });
  return (
    <section aria-labelledby={headingId} className="grid gap-2 text-sm">
      <h3 id={headingId} className="text-base font-bold">
        {texts.changesHeading}
      </h3>
      {changes.isPending && <p role="status">{texts.changesLoading}</p>}
      {changes.isError && <p role="alert">{texts.changesFailed}</p>}
      {changes.data?.length === 0 && <p className="text-muted-foreground">{texts.changesEmpty}</p>}
      {changes.data && changes.data.length > 0 && (
        <ol className="grid gap-1">
          {changes.data.map((change) => (
            <li key={change.id} className="[overflow-wrap:anywhere]">
              <span className="text-muted-foreground">{formatDateTime(change.at, timeZone)}</span>{' '}
              {change.actor ?? texts.system} {texts.change(change.action, change.fields)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
