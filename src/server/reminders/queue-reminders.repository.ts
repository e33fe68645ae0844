// Queues the reminders that came due (issue 35.1, decision 0263): for each, everyone confirmed at
// its time and still confirmed gets one, once. The row in reminders_sent and the messages are
// written in one transaction; the primary key keeps a person to one row per reminder whichever
// instance writes it, and a reminder nearer the start already queued skips the earlier ones.
import type { Kysely } from 'kysely';
import type { MessageChannel } from '../../shared/message.schema.ts';
import type { Database } from '../db/schema.ts';
import { messageRows } from '../messages/outbox.repository.ts';
import { wakeAfterCommit } from '../db/commit-wakes.ts';
import type { DueReminder } from './reminder-times.ts';

const batchSize = 500;
/** The audit actions after which a person holds a (new) confirmed seat. */
const confirming = ['confirmed', 'promoted', 'restored'] as const;

/** One batch of the people this reminder is for and has not reached: their ids. */
async function recipients(
  db: Kysely<Database>,
  editionId: string,
  { hoursBefore, dueAt }: DueReminder,
): Promise<string[]> {
  const rows = await db
    .selectFrom('registrations as r')
    .select('r.id')
    .where('r.event_id', '=', editionId)
    .where('r.status', '=', 'confirmed')
    // Confirmed after the reminder's time: their ticket is new, no reminder (timestamps are all
    // toISOString() output, so text order is time order).
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('audit_entries as a')
            .select('a.id')
            .whereRef('a.registration_id', '=', 'r.id')
            .where('a.action', 'in', confirming)
            .where('a.at', '>', dueAt.toISOString()),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reminders_sent as s')
            .select('s.registration_id')
            .whereRef('s.registration_id', '=', 'r.id')
            .where('s.hours_before', '<=', hoursBefore),
        ),
      ),
    )
    .orderBy('r.id')
    .limit(batchSize)
    .execute();
  return rows.map((row) => row.id);
}

/** Queues one due reminder of an edition to everyone it is for; returns how many. */
export async function queueReminder(
  db: Kysely<Database>,
  editionId: string,
  reminder: DueReminder,
  channels: readonly MessageChannel[],
): Promise<number> {
  if (channels.length === 0) return 0;
  let queued = 0;
  for (;;) {
    const ids = await recipients(db, editionId, reminder);
    if (ids.length === 0) return queued;
    queued += await db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      const written = await trx
        .insertInto('reminders_sent')
        .values(
          ids.map((id) => ({
            registration_id: id,
            hours_before: reminder.hoursBefore,
            queued_at: now,
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .returning('registration_id')
        .execute();
      if (written.length === 0) return 0;
      const messages = written.flatMap(({ registration_id }) =>
        channels.map((channel) => ({
          registrationId: registration_id,
          kind: 'reminder' as const,
          channel,
        })),
      );
      await trx.insertInto('messages').values(messageRows(messages)).execute();
      await wakeAfterCommit(trx, 'outbox');
      return written.length;
    });
    if (ids.length < batchSize) return queued;
  }
}
