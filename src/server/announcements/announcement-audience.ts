// Who an announcement reaches (issue 35.4): the current edition's registrations by status, and
// after the event those who came and those confirmed who did not. 'Compareceram' counts as
// attendance what 'Resultados' and the certificates count: an entry inside the attendance window
// (shared/attendance-window.ts, decision 0212). Cancelled people are in no audience.
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import {
  afterEventAudiences,
  announcementAudiences,
  type AnnouncementAudience,
} from '../../shared/announcement.schema.ts';
import { attendanceWindow } from '../../shared/attendance-window.ts';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { eventStartsAt } from '../../shared/event-start.ts';
import type { Database } from '../db/schema.ts';

type Registrations = SelectQueryBuilder<Database, 'registrations', object>;

/** Whether the event has started: the audiences of who came exist from then on. */
export function afterEventStarted(settings: EventSettings, now: Date): boolean {
  return now.getTime() >= eventStartsAt(settings).getTime();
}

export function audienceAvailable(
  audience: AnnouncementAudience,
  settings: EventSettings,
  now: Date,
): boolean {
  return !afterEventAudiences.includes(audience) || afterEventStarted(settings, now);
}

/** The audience's condition, on the edition's registrations. */
function whereAudience(
  query: Registrations,
  audience: AnnouncementAudience,
  settings: EventSettings,
): Registrations {
  const window = attendanceWindow(settings);
  switch (audience) {
    case 'confirmed':
    case 'pending':
    case 'waitlisted':
      return query.where('status', '=', audience);
    case 'all':
      return query.where('status', 'in', ['confirmed', 'pending', 'waitlisted']);
    // ISO 8601 UTC on both sides: compared as text.
    case 'attended':
      return query
        .where('status', '=', 'confirmed')
        .where('checked_in_at', '>=', window.from)
        .where('checked_in_at', '<=', window.to);
    case 'not_attended':
      return query
        .where('status', '=', 'confirmed')
        .where((eb) =>
          eb.or([
            eb('checked_in_at', 'is', null),
            eb('checked_in_at', '<', window.from),
            eb('checked_in_at', '>', window.to),
          ]),
        );
  }
}

/** The ids it reaches now, in one order (every instance locks rows alike). */
export async function audienceIds(
  db: Kysely<Database>,
  editionId: string,
  audience: AnnouncementAudience,
  settings: EventSettings,
): Promise<string[]> {
  const base = db.selectFrom('registrations').where('event_id', '=', editionId);
  const rows = await whereAudience(base, audience, settings).select('id').orderBy('id').execute();
  return rows.map((row) => row.id);
}

/** How many each audience reaches now; those after the event are 0 before it starts. */
export async function audienceCounts(
  db: Kysely<Database>,
  editionId: string,
  settings: EventSettings,
  now: Date,
): Promise<Record<AnnouncementAudience, number>> {
  const counts = {} as Record<AnnouncementAudience, number>;
  await Promise.all(
    announcementAudiences.map(async (audience) => {
      if (!audienceAvailable(audience, settings, now)) {
        counts[audience] = 0;
        return;
      }
      const base = db.selectFrom('registrations').where('event_id', '=', editionId);
      const row = await whereAudience(base, audience, settings)
        .select(sql<number | string>`count(*)`.as('count'))
        .executeTakeFirst();
      counts[audience] = Number(row?.count ?? 0);
    }),
  );
  return counts;
}
