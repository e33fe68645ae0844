// A channel's sending paused (the provider refused our credentials or our account): the panel's
// line for it (table sending_pauses), written by the sender that learnt it (channel-health.ts).
import type { Kysely } from 'kysely';
import type { MessageChannel } from '../../shared/message.schema.ts';
import type { Database } from '../db/schema.ts';

export async function pauseChannel(
  db: Kysely<Database>,
  channel: MessageChannel,
  message: string,
): Promise<void> {
  await db
    .insertInto('sending_pauses')
    .values({ channel, message, since: new Date().toISOString() })
    .onConflict((oc) => oc.column('channel').doUpdateSet({ message }))
    .execute();
}

export async function resumeChannel(db: Kysely<Database>, channel: MessageChannel): Promise<void> {
  await db.deleteFrom('sending_pauses').where('channel', '=', channel).execute();
}

export async function channelPauses(
  db: Kysely<Database>,
): Promise<Map<MessageChannel, { message: string; since: string }>> {
  const rows = await db.selectFrom('sending_pauses').selectAll().execute();
  return new Map(rows.map((row) => [row.channel, { message: row.message, since: row.since }]));
}
