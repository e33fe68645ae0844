// The announcements sent in this edition, newest first, each with its messages per status; asked
// again every few seconds while any is still in the queue (decision 0269).
import { useQuery } from '@tanstack/react-query';
import {
  audienceLabels,
  countLabels,
  type Announcement,
  type AnnouncementCounts,
} from '@shared/announcement.schema.ts';
import { formatDateTime } from '@shared/labels.ts';
import { useEvent } from '@/lib/event-config.ts';
import { listAnnouncements } from './announcements-api.ts';
import { announcementsTexts as texts } from './announcements-texts.ts';

export const announcementsKey = ['admin', 'announcements'] as const;

const stillSending = (list: Announcement[] | undefined) =>
  list?.some((announcement) => announcement.counts.queued > 0) ?? false;

export function AnnouncementsList() {
  const { timeZone } = useEvent();
  const announcements = useQuery({
    queryKey: announcementsKey,
    queryFn: ({ signal }) => listAnnouncements(signal),
    refetchInterval: (query) => (stillSending(query.state.data) ? 2000 : false),
  });
  return (
    <section aria-labelledby="avisos-enviados" className="bg-card grid gap-3 rounded-lg border p-5">
      <h3 id="avisos-enviados" className="text-lg font-bold">
        {texts.sentHeading}
      </h3>
      {announcements.isPending && <p role="status">{texts.loading}</p>}
      {announcements.isError && <p role="alert">{texts.loadFailed}</p>}
      {announcements.data?.length === 0 && (
        <p className="text-muted-foreground">{texts.sentEmpty}</p>
      )}
      {announcements.data && announcements.data.length > 0 && (
        <ul role="list" className="grid gap-3">
          {announcements.data.map((announcement) => (
            <li key={announcement.id} className="grid gap-1 border-b pb-3 last:border-b-0">
              <p className="font-semibold [overflow-wrap:anywhere]">{announcement.subject}</p>
              <p className="text-muted-foreground text-sm">
                {texts.sentAt(
                  formatDateTime(announcement.created_at, timeZone),
                  announcement.created_by,
                )}
              </p>
              <p className="text-sm">
                {texts.sentTo(announcement.recipients, audienceLabels[announcement.audience])}
              </p>
              <StatusCounts counts={announcement.counts} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function StatusCounts({ counts }: { counts: AnnouncementCounts }) {
  const shown = (Object.keys(countLabels) as Array<keyof AnnouncementCounts>).filter(
    (status) => counts[status] > 0,
  );
  return (
    <ul role="list" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {shown.map((status) => (
        <li key={status}>
          <span className="font-semibold">{countLabels[status]}:</span> {counts[status]}
        </li>
      ))}
    </ul>
  );
}
