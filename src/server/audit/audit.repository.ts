// Who did what to a registration (table audit_entries). Each entry is written in the same
// transaction as the change it records. Erasing a person erases their entries and leaves one for
// the deletion itself: ids, action, actor, time.
import type { Kysely, Transaction } from 'kysely';
import { auditEntrySchema, type AuditAction, type AuditEntry } from '../../shared/audit.schema.ts';
import type { MessageChannel, MessageKind } from '../../shared/message.schema.ts';
import type { Database } from '../db/schema.ts';
import type { Actor } from './actor.ts';

/** The message an entry is about: one sent again, or the one the person answered to do it. */
export interface AuditMessage {
  kind: MessageKind;
  channel: MessageChannel;
}

/**
 * `actor` is null for the server's own jobs. The entry belongs to the registration's edition,
 * read in the insert itself (`editionId` only for a registration already deleted).
 */
export async function recordAudit(
  trx: Transaction<Database>,
  registrationId: string,
  action: AuditAction,
  actor: Actor | null,
  {
    at = new Date().toISOString(),
    editionId,
    message,
  }: { at?: string; editionId?: string; message?: AuditMessage } = {},
): Promise<void> {
  await trx
    .insertInto('audit_entries')
    .values({
      registration_id: registrationId,
      event_id:
        editionId ??
        ((eb) =>
          eb.selectFrom('registrations').select('event_id').where('id', '=', registrationId)),
      action,
      account_id: actor?.accountId ?? null,
      actor: actor?.email ?? null,
      at,
      message_kind: message?.kind ?? null,
      message_channel: message?.channel ?? null,
    })
    .execute();
}

/** An organizer asked for these messages again: one entry each, with which message it was. */
export async function recordResends(
  trx: Transaction<Database>,
  messages: readonly ({ registrationId: string } & AuditMessage)[],
  actor: Actor,
): Promise<void> {
  if (messages.length === 0) return;
  const at = new Date().toISOString();
  await trx
    .insertInto('audit_entries')
    .values(
      messages.map((message) => ({
        registration_id: message.registrationId,
        event_id: (eb) =>
          eb
            .selectFrom('registrations')
            .select('event_id')
            .where('id', '=', message.registrationId),
        action: 'message_resent' as const,
        account_id: actor.accountId,
        actor: actor.email,
        at,
        message_kind: message.kind,
        message_channel: message.channel,
      })),
    )
    .execute();
}

/**
 * Call in the deletion's transaction: the person's entries go, the deletion's own stays, in the
 * edition the registration belonged to.
 */
export async function recordErasure(
  trx: Transaction<Database>,
  registrationId: string,
  actor: Actor | null,
  editionId: string,
): Promise<void> {
  await trx.deleteFrom('audit_entries').where('registration_id', '=', registrationId).execute();
  await recordAudit(trx, registrationId, 'deleted', actor, { editionId });
}

/**
 * The registration's entries, oldest first: empty when nobody acted on it yet, undefined when
 * there is no such registration and never was (a deleted one keeps its deletion's entry).
 */
export async function auditTrail(
  db: Kysely<Database>,
  registrationId: string,
): Promise<AuditEntry[] | undefined> {
  const rows = await db
    .selectFrom('audit_entries')
    .select(['id', 'registration_id', 'action', 'actor', 'at', 'message_kind', 'message_channel'])
    .where('registration_id', '=', registrationId)
    .orderBy('id')
    .execute();
  if (rows.length === 0) {
    const exists = await db
      .selectFrom('registrations')
      .select('id')
      .where('id', '=', registrationId)
      .executeTakeFirst();
    if (!exists) return undefined;
  }
  return rows.map(({ message_kind: kind, message_channel: channel, ...row }) =>
    auditEntrySchema.parse({
      ...row,
      id: Number(row.id),
      message: kind && channel ? { kind, channel } : null,
    }),
  );
}
