// The outbox (table messages): rows written in the transaction of the change that causes them,
// claimed by the senders of every instance with a lease, and moved forward by what the providers
// answer. See docs/decisions/0090-transactional-outbox.md.
import type { Kysely, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import {
  messageStatuses,
  type Delivery,
  type Message,
  type MessageChannel,
  type MessageKind,
  type MessageStatus,
} from '../../shared/message.schema.ts';
import { isPostgres } from '../db/dialect.ts';
import type { Database, MessagesTable } from '../db/schema.ts';
import { logChange } from '../live/live-changes.repository.ts';

export type MessageRow = MessagesTable;

export interface NewMessage {
  registrationId: string;
  kind: MessageKind;
  channel: MessageChannel;
}

/**
 * Queues messages in the caller's transaction: they exist exactly when the change does. The caller
 * pokes the outbox after the commit (plugins/outbox.ts), which on PostgreSQL tells every
 * instance's sender.
 */
export async function queueMessages(
  trx: Transaction<Database>,
  messages: readonly NewMessage[],
): Promise<void> {
  if (messages.length === 0) return;
  await trx.insertInto('messages').values(messageRows(messages)).execute();
}

/** The rows that queue these messages, for a statement that writes them with something else. */
export function messageRows(messages: readonly NewMessage[]): MessageRow[] {
  const now = new Date().toISOString();
  return messages.map((m) => ({
    // Time-ordered (UUIDv7): each new row goes at the end of the primary key's index instead of at
    // a random page of it, which on SQLite wrote a page more per message into each commit (a group
    // commit of 27 registrations: 67 µs against 41 µs per registration, synchronous=FULL).
    id: uuidv7(),
    registration_id: m.registrationId,
    channel: m.channel,
    kind: m.kind,
    status: 'queued' as const,
    attempts: 0,
    next_attempt_at: now,
    lease_until: null,
    provider_id: null,
    error_code: null,
    error_message: null,
    created_at: now,
    updated_at: now,
  }));
}

/**
 * Takes up to `limit` due messages of these channels for this sender until `leaseMs` from now:
 * queued ones whose time has come, and claims that lapsed (their sender died). One statement; on
 * PostgreSQL rows another instance is claiming right now are skipped, not waited for.
 */
export async function claimDueMessages(
  db: Kysely<Database>,
  {
    channels: open,
    limit,
    leaseMs,
  }: { channels: readonly MessageChannel[]; limit: number; leaseMs: number },
): Promise<MessageRow[]> {
  if (open.length === 0 || limit <= 0) return [];
  const now = new Date();
  const due = db
    .selectFrom('messages')
    .select('id')
    .where('channel', 'in', open)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', now.toISOString())]),
        eb.and([eb('status', '=', 'sending'), eb('lease_until', '<=', now.toISOString())]),
      ]),
    )
    .orderBy('next_attempt_at')
    .limit(limit);
  return db
    .updateTable('messages')
    .set((eb) => ({
      status: 'sending',
      attempts: eb('attempts', '+', 1),
      lease_until: new Date(now.getTime() + leaseMs).toISOString(),
      updated_at: now.toISOString(),
    }))
    .where('id', 'in', isPostgres(db) ? due.forUpdate().skipLocked() : due)
    .returningAll()
    .execute();
}

/**
 * Hands back every claim at once: for a SQLite database at start, whose one process is this one,
 * so a claim still standing was its previous run's, cut short by a crash.
 */
export async function releaseAllClaims(db: Kysely<Database>): Promise<number> {
  const result = await db
    .updateTable('messages')
    .set({ status: 'queued', lease_until: null })
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** What became of one attempt. */
export type Outcome =
  | { kind: 'sent'; providerId: string | null }
  | { kind: 'retry'; at: string; code: string; message: string }
  | { kind: 'failed'; code: string; message: string }
  /** Not tried (the channel is paused): back in the queue as it was, this attempt not counted. */
  | { kind: 'released' };

/**
 * Records outcomes in one transaction; only a message still in this sender's claim changes (a
 * lapsed claim that another sender took is theirs now). Each visible change is logged for the
 * panels' live stream under its registration.
 */
export async function recordOutcomes(
  db: Kysely<Database>,
  outcomes: ReadonlyArray<{ message: MessageRow; outcome: Outcome }>,
): Promise<void> {
  if (outcomes.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const touched = new Set<string>();
    for (const { message, outcome } of outcomes) {
      const update = trx
        .updateTable('messages')
        .where('id', '=', message.id)
        .where('status', '=', 'sending')
        .where('lease_until', '=', message.lease_until);
      let result;
      switch (outcome.kind) {
        case 'sent':
          result = await update
            .set({
              status: 'sent',
              provider_id: outcome.providerId,
              lease_until: null,
              error_code: null,
              error_message: null,
              updated_at: now,
            })
            .executeTakeFirst();
          break;
        case 'retry':
        case 'failed':
          result = await update
            .set({
              ...(outcome.kind === 'retry'
                ? { status: 'queued' as const, next_attempt_at: outcome.at }
                : { status: 'failed' as const }),
              lease_until: null,
              error_code: outcome.code,
              error_message: outcome.message,
              updated_at: now,
            })
            .executeTakeFirst();
          break;
        case 'released':
          await update
            .set((eb) => ({
              status: 'queued',
              lease_until: null,
              attempts: eb('attempts', '-', 1),
            }))
            .executeTakeFirst();
          continue;
      }
      if (result.numUpdatedRows > 0n) touched.add(message.registration_id);
    }
    for (const registrationId of touched) await logChange(trx, 'updated', registrationId);
  });
}

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
