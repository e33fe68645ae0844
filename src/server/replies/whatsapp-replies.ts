// What a person's reply on WhatsApp does (issue 35.2, decision 0280). A reply is matched by the
// message it answers (its `context.id`: the wamid of a reminder, a ticket or a 'Tem certeza?') and
// must come from that registration's own number; the buttons' payloads name nobody (decision 0264).
// 'Vou comparecer' records that the person will come; 'Não poderei ir' queues 'Tem certeza?';
// 'Sim, cancelar' cancels as their own page does; 'Não, vou comparecer' records they will come.
// Each reply is stored by its own id in the transaction of what it did: a webhook delivered again,
// to any instance, changes nothing twice.
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { MessageKind } from '../../shared/message.schema.ts';
import { cancelAsThePerson } from '../attendees/attendee-cancellation.ts';
import type { Database } from '../db/schema.ts';
import { cancelCheckReplies } from '../messages/reply-composition.ts';
import { reminderReplies } from '../messages/reminder-composition.ts';
import { queueMessages } from '../messages/outbox.repository.ts';
import type { IncomingReply } from '../messages/whatsapp/whatsapp-incoming.ts';
import { confirmAttendanceIn } from '../registrations/attendance-answer.repository.ts';

type Action = 'yes' | 'ask' | 'cancel';

/** `unknown`: its message is not recorded (yet), and the caller will look again. */
export type ReplyOutcome = Action | 'repeated' | 'ignored' | 'unknown';

/** The messages a reply may answer, and what each of their buttons means. */
function actionOf(kind: MessageKind, answer: string): Action | undefined {
  if (kind === 'cancel_check') {
    if (answer === cancelCheckReplies.yes) return 'cancel';
    if (answer === cancelCheckReplies.no) return 'yes';
    return undefined;
  }
  if (kind !== 'reminder' && kind !== 'ticket') return undefined;
  if (answer === reminderReplies.yes) return 'yes';
  if (answer === reminderReplies.no) return 'ask';
  return undefined;
}

/**
 * Whether Meta's `from` (digits) is the registration's number (E.164). A Brazilian mobile's
 * WhatsApp id can lack the ninth digit its owner types (accounts older than the digit), so a
 * number is also compared without it.
 */
export function samePhone(stored: string, from: string): boolean {
  const withoutNinth = (digits: string) =>
    /^55\d{2}9\d{8}$/.test(digits) ? digits.slice(0, 4) + digits.slice(5) : digits;
  const a = stored.replace(/\D/g, '');
  const b = from.replace(/\D/g, '');
  return a === b || withoutNinth(a) === withoutNinth(b);
}

/** Stores the reply by its id; false when it was stored before (a delivery repeated). */
async function recordReply(
  trx: Transaction<Database>,
  reply: IncomingReply,
  registrationId: string,
  action: Action,
): Promise<boolean> {
  const row = await trx
    .insertInto('whatsapp_replies')
    .values({
      message_id: reply.id,
      registration_id: registrationId,
      action,
      received_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('message_id').doNothing())
    .returning('message_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * `willRetry`: an unknown `context.id` answers `unknown` instead of being ignored, for a look
 * again later (its message's wamid may not be recorded yet: reply-retries.ts).
 */
export async function answerReply(
  app: FastifyInstance,
  reply: IncomingReply,
  { willRetry = false }: { willRetry?: boolean } = {},
): Promise<ReplyOutcome> {
  const db = app.db.kysely;
  const answered = await db
    .selectFrom('messages')
    .innerJoin('registrations', 'registrations.id', 'messages.registration_id')
    .select([
      'messages.kind',
      'registrations.id',
      'registrations.whatsapp',
      'registrations.personal_token',
    ])
    .where('messages.channel', '=', 'whatsapp')
    .where('messages.provider_id', '=', reply.contextId)
    .executeTakeFirst();
  // Never the number, nor the reply's text: what a person sent is theirs.
  const ignored = (reason: string, registrationId?: string) => {
    app.log.warn({ reason, reply: reply.id, registrationId }, 'a WhatsApp reply was ignored');
    return 'ignored' as const;
  };
  if (!answered && willRetry) return 'unknown';
  const action = answered && actionOf(answered.kind, reply.answer);
  if (!answered || !action) return ignored(answered ? 'unknown_answer' : 'unknown_context');
  if (!samePhone(answered.whatsapp, reply.from)) return ignored('wrong_number', answered.id);
  const id = answered.id;

  if (action === 'cancel') {
    if (!answered.personal_token) return ignored('no_personal_link', id);
    const plan = app.messagePlan;
    let recorded = false;
    await cancelAsThePerson(app, answered.personal_token, {
      // The cancellation's short confirmation goes where the person answered, too.
      plan: { ...plan, cancelled: [...new Set([...plan.cancelled, 'whatsapp' as const])] },
      // Its history says it was done on WhatsApp, answering this message: not by the link.
      answered: { kind: answered.kind, channel: 'whatsapp' },
      within: async (trx) => {
        recorded = await recordReply(trx, reply, id, action);
      },
    });
    return recorded ? action : 'repeated';
  }
  return db.transaction().execute(async (trx) => {
    if (!(await recordReply(trx, reply, id, action))) return 'repeated';
    if (action === 'yes') {
      await confirmAttendanceIn(trx, id);
      return action;
    }
    // 'Tem certeza?', while they hold their seat (a session message: within the 24 h window).
    const holds = await trx
      .selectFrom('registrations')
      .select('id')
      .where('id', '=', id)
      .where('status', '=', 'confirmed')
      .executeTakeFirst();
    if (holds) {
      await queueMessages(trx, [{ registrationId: id, kind: 'cancel_check', channel: 'whatsapp' }]);
    }
    return action;
  });
}
