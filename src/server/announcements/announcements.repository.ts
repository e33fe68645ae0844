// The announcements (issue 35.4, decision 0269): one row each, written with one outbox row per
// person and channel in the same transaction; read back with their messages' counts per status.
import type { Kysely, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type {
  Announcement,
  AnnouncementCounts,
  AnnouncementRequest,
} from '../../shared/announcement.schema.ts';
import type { MessageChannel } from '../../shared/message.schema.ts';
import { holdCurrentEdition } from '../db/current-edition.ts';
import type { Database } from '../db/schema.ts';
import { readCurrentEdition } from '../editions/editions.repository.ts';
import { queueMessages } from '../messages/outbox.repository.ts';
import type { AnnouncementContent } from './announcement-composition.ts';
import { audienceAvailable, audienceIds } from './announcement-audience.ts';

/** Outbox rows per insert: well under both engines' limit on a statement's parameters. */
const rowsPerInsert = 1000;

export type CreateResult =
  { kind: 'created'; id: string; recipients: number } | { kind: 'not_yet' };

/**
 * Stores the announcement and queues its messages, in one transaction with the current edition
 * held: the audience is read and the rows written at one moment, so a person confirmed a moment
 * later is not half in it.
 */
export async function createAnnouncement(
  db: Kysely<Database>,
  request: AnnouncementRequest,
  channels: readonly MessageChannel[],
  accountId: string | null,
  now: Date,
): Promise<CreateResult> {
  return db.transaction().execute(async (trx: Transaction<Database>) => {
    await holdCurrentEdition(trx);
    const edition = await readCurrentEdition(trx);
    if (!audienceAvailable(request.audience, edition.settings, now)) {
      return { kind: 'not_yet' as const };
    }
    const ids = await audienceIds(trx, edition.id, request.audience, edition.settings);
    const id = uuidv7();
    await trx
      .insertInto('announcements')
      .values({
        id,
        event_id: edition.id,
        audience: request.audience,
        subject: request.subject,
        text: request.text,
        channels: JSON.stringify(channels),
        recipients: ids.length,
        created_at: now.toISOString(),
        account_id: accountId,
      })
      .execute();
    const messages = ids.flatMap((registrationId) =>
      channels.map((channel) => ({
        registrationId,
        channel,
        kind: 'announcement' as const,
        announcementId: id,
      })),
    );
    for (let start = 0; start < messages.length; start += rowsPerInsert) {
      await queueMessages(trx, messages.slice(start, start + rowsPerInsert));
    }
    return { kind: 'created' as const, id, recipients: ids.length };
  });
}

const emptyCounts = (): AnnouncementCounts => ({
  queued: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
});

/** The current edition's announcements, newest first, each with its counts per status. */
export async function listAnnouncements(
  db: Kysely<Database>,
  editionId: string,
): Promise<Announcement[]> {
  const rows = await db
    .selectFrom('announcements')
    .leftJoin('accounts', 'accounts.id', 'announcements.account_id')
    .selectAll('announcements')
    .select('accounts.email as created_by')
    .where('announcements.event_id', '=', editionId)
    .orderBy('announcements.created_at', 'desc')
    .orderBy('announcements.id', 'desc')
    .execute();
  if (rows.length === 0) return [];
  const statuses = await db
    .selectFrom('messages')
    .select(['announcement_id', 'status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where(
      'announcement_id',
      'in',
      rows.map((row) => row.id),
    )
    .groupBy(['announcement_id', 'status'])
    .execute();
  const counts = new Map(rows.map((row) => [row.id, emptyCounts()]));
  for (const { announcement_id, status, count } of statuses) {
    const of = counts.get(announcement_id ?? '');
    if (!of) continue;
    // Being handed over is still 'Na fila' to the organizer.
    of[status === 'sending' ? 'queued' : status] += Number(count);
  }
  return rows.map((row) => ({
    id: row.id,
    audience: row.audience as Announcement['audience'],
    subject: row.subject,
    text: row.text,
    channels: JSON.parse(row.channels) as MessageChannel[],
    recipients: Number(row.recipients),
    created_at: row.created_at,
    created_by: row.created_by ?? null,
    counts: counts.get(row.id) ?? emptyCounts(),
  }));
}

/** What the claimed messages carry, by announcement id (read once per claimed batch). */
export async function announcementContents(
  db: Kysely<Database>,
  ids: ReadonlyArray<string | null>,
): Promise<Map<string, AnnouncementContent>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('announcements')
    .select(['id', 'subject', 'text'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.id, { subject: row.subject, text: row.text }]));
}
