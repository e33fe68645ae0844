// Where a registration's messages are, as the panel shows them: each one (its history), and the
// newest per channel (its card).
import type { Kysely } from 'kysely';
import type { Delivery, Message } from '../../shared/message.schema.ts';
import type { Database } from '../db/schema.ts';
import type { MessageRow } from './outbox.repository.ts';

function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    channel: row.channel,
    kind: row.kind,
    status: row.status,
    attempts: Number(row.attempts),
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A registration's messages, oldest first. */
export async function messagesOf(db: Kysely<Database>, registrationId: string): Promise<Message[]> {
  const rows = await db
    .selectFrom('messages')
    .selectAll()
    .where('registration_id', '=', registrationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toMessage);
}

/**
 * Each registration's newest message per channel (what its card shows). `ids` undefined: every
 * registration's, in one pass over the table.
 */
export async function deliveriesOf(
  db: Kysely<Database>,
  ids?: readonly string[],
): Promise<Map<string, Delivery>> {
  const deliveries = new Map<string, Delivery>();
  if (ids && ids.length === 0) return deliveries;
  let query = db
    .selectFrom('messages')
    .select(['registration_id', 'channel', 'kind', 'status', 'error_code', 'error_message'])
    // The card says where the person's own messages are; the organizer's announcements are
    // counted on their screen ('Avisar inscritos', decision 0269).
    .where('kind', '!=', 'announcement')
    .orderBy('created_at')
    .orderBy('id');
  if (ids) query = query.where('registration_id', 'in', ids);
  for (const row of await query.execute()) {
    const delivery = deliveries.get(row.registration_id) ?? {};
    // Oldest first: the newest of each channel is written last.
    delivery[row.channel] = {
      kind: row.kind,
      status: row.status,
      error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    };
    deliveries.set(row.registration_id, delivery);
  }
  return deliveries;
}
