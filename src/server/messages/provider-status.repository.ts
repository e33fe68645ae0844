// What a provider reports later about a message it took (WhatsApp's status webhook: delivered,
// read, failed), applied to the outbox's row.
import type { Kysely } from 'kysely';
import {
  messageStatuses,
  type MessageChannel,
  type MessageStatus,
} from '../../shared/message.schema.ts';
import type { Database } from '../db/schema.ts';
import { logChange } from '../live/live-changes.repository.ts';

const rank = Object.fromEntries(messageStatuses.map((status, i) => [status, i])) as Record<
  MessageStatus,
  number
>;

/** What each report may move a message on from. */
function movesFrom(status: MessageStatus): MessageStatus[] {
  // A failure reported once the message reached the phone (delivered, read) is not one the
  // person saw: the ticket stays delivered or read rather than showing 'Falhou'.
  if (status === 'failed') return ['sending', 'sent'];
  return messageStatuses.filter((s) => rank[s] < rank[status] && s !== 'queued');
}

/**
 * A provider's report on a message it took (WhatsApp's status webhook), on this channel's
 * messages only (an e-mail's Message-ID reported to the WhatsApp webhook changes nothing):
 * applied only when it moves the message forward (sent → delivered → read; failed from sent
 * only, and final), so reports that arrive late, out of order or twice change nothing. 'unknown'
 * when no message has this id (yet: Meta's report can overtake the send's own answer, whose
 * outcome then is not written).
 */
export async function applyProviderStatus(
  db: Kysely<Database>,
  channel: MessageChannel,
  providerId: string,
  status: Extract<MessageStatus, 'sent' | 'delivered' | 'read' | 'failed'>,
  error?: { code: string; message: string },
): Promise<'applied' | 'not forward' | 'unknown'> {
  return db.transaction().execute(async (trx) => {
    const behind = movesFrom(status);
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
      .where('channel', '=', channel)
      .where('provider_id', '=', providerId)
      .where('status', 'in', behind)
      .returning(['registration_id', 'kind'])
      .executeTakeFirst();
    if (row) {
      // Not on the card: nothing a panel shows of the registration changed (decision 0269).
      if (row.kind !== 'announcement') await logChange(trx, 'updated', row.registration_id);
      return 'applied';
    }
    const known = await trx
      .selectFrom('messages')
      .select('id')
      .where('channel', '=', channel)
      .where('provider_id', '=', providerId)
      .executeTakeFirst();
    return known ? 'not forward' : 'unknown';
  });
}
