// The outbox (table messages): rows written in the transaction of the change that causes them,
// claimed by the senders of every instance with a lease, and moved forward by what the providers
// answer. See docs/decisions/0090-transactional-outbox.md.
import type { Kysely, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { MessageChannel, MessageKind } from '../../shared/message.schema.ts';
import { wakeAfterCommit } from '../db/commit-wakes.ts';
import { isPostgres } from '../db/dialect.ts';
import type { Database, MessagesTable } from '../db/schema.ts';
import { logChange } from '../live/live-changes.repository.ts';

export type MessageRow = MessagesTable;

export interface NewMessage {
  registrationId: string;
  kind: MessageKind;
  channel: MessageChannel;
  /** Kind 'announcement': the announcement it carries (decision 0269). */
  announcementId?: string;
}

/**
 * Queues messages in the caller's transaction: they exist exactly when the change does. The
 * outbox is woken once the transaction commits (db/commit-wakes.ts, plugins/outbox.ts), which on
 * PostgreSQL tells every instance's sender.
 */
export async function queueMessages(
  trx: Transaction<Database>,
  messages: readonly NewMessage[],
): Promise<void> {
  if (messages.length === 0) return;
  await trx.insertInto('messages').values(messageRows(messages)).execute();
  await wakeAfterCommit(trx, 'outbox');
}

/**
 * Why a message still queued is not sent: the change it speaks of was undone before it left (a
 * ticket, by a cancellation; the cancellation's e-mail, by a restore). The undoing transaction
 * fails those still queued, and the sender refuses any it took meanwhile (decision 0160).
 */
export const overtaken = {
  ticket: { code: 'cancelled', message: 'Inscrição cancelada.' },
  cancelled: { code: 'restored', message: 'Inscrição restaurada.' },
} as const;

/**
 * Fails this registration's messages of one kind still queued (waiting for their first try or a
 * retry), in the caller's transaction. One being sent right now is left to its sender, whose
 * outcome only a message in its claim takes.
 */
export async function failQueued(
  trx: Transaction<Database>,
  registrationId: string,
  kind: keyof typeof overtaken,
): Promise<void> {
  await trx
    .updateTable('messages')
    .set({
      status: 'failed',
      error_code: overtaken[kind].code,
      error_message: overtaken[kind].message,
      updated_at: new Date().toISOString(),
    })
    .where('registration_id', '=', registrationId)
    .where('kind', '=', kind)
    .where('status', '=', 'queued')
    .execute();
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
    announcement_id: m.announcementId ?? null,
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
      // An announcement is not on the card (message-reads.repository.ts): its outcome changes
      // nothing a panel shows of the registration, and thousands at once would flood the stream.
      if (result.numUpdatedRows > 0n && message.kind !== 'announcement') {
        touched.add(message.registration_id);
      }
    }
    for (const registrationId of touched) await logChange(trx, 'updated', registrationId);
  });
}
