// What a provider reports later about a message it took (WhatsApp's status webhook: delivered,
// read, failed), applied to the outbox's row.
import type { Kysely } from 'kysely';
import { messageStatuses, type MessageStatus } from '../../shared/message.schema.ts';
import type { Database } from '../db/schema.ts';
import { logChange } from '../live/live-changes.repository.ts';

const rank = Object.fromEntries(messageStatuses.map((status, i) => [status, i])) as Record<
  MessageStatus,
  number
>;

/**
 * A provider's report on a message it took (WhatsApp's status webhook): applied only when it moves
 * the message forward (sent → delivered → read; failed is last and final), so reports that arrive
 * late, out of order or twice change nothing. 'unknown' when no message has this id (yet: Meta's
 * report can overtake the send's own answer, whose outcome then is not written).
 */
export async function applyProviderStatus(
  db: Kysely<Database>,
  providerId: string,
  status: Extract<MessageStatus, 'sent' | 'delivered' | 'read' | 'failed'>,
  error?: { code: string; message: string },
): Promise<'applied' | 'not forward' | 'unknown'> {
  return db.transaction().execute(async (trx) => {
    const behind = messageStatuses.filter((s) => rank[s] < rank[status] && s !== 'queued');
    const row = await trx
      .updateTable('messages')
      .set({
        status,
        updated_at: new Date().toISOString(),
        lease_until: null,
        ...(status === 'failed' && error
          ? { error_code: error.code, error_message: error.message }
          : {}),
      })
      .where('provider_id', '=', providerId)
      .where('status', 'in', behind)
      .returning('registration_id')
      .executeTakeFirst();
    if (row) {
      await logChange(trx, 'updated', row.registration_id);
      return 'applied';
    }
    const known = await trx
      .selectFrom('messages')
      .select('id')
      .where('provider_id', '=', providerId)
      .executeTakeFirst();
    return known ? 'not forward' : 'unknown';
  });
}
