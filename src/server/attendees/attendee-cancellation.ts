// The person cancels their own registration, by their token: their page's confirmation step, and
// 'Sim, cancelar' on WhatsApp (decision 0280) take this one path. Nothing changes once the event
// is over or they were let in; a past edition's registration, nor.
import type { Transaction } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AuditMessage } from '../audit/audit.repository.ts';
import type { Database } from '../db/schema.ts';
import type { MessagePlan } from '../messages/message-plan.ts';
import { cancelRegistration } from '../registrations/cancellation.repository.ts';
import { CheckedInError, PastEditionError } from '../registrations/registration-errors.ts';
import { findAttendee } from './attendees.repository.ts';

export type PersonCancellation = 'cancelled' | 'unchanged' | 'not_found';

export async function cancelAsThePerson(
  app: FastifyInstance,
  token: string,
  options: {
    /** The messages it queues; the server's own plan by default. */
    plan?: MessagePlan;
    /** What else it causes, written in its transaction when it changed something. */
    within?: (trx: Transaction<Database>, registrationId: string) => Promise<void>;
    /** The message they answered to cancel (on WhatsApp), named in the history. */
    answered?: AuditMessage;
  } = {},
): Promise<PersonCancellation> {
  const found = await findAttendee(app, token);
  if (!found) return 'not_found';
  // Over, or already let in: the page says why nothing changed.
  if (found.locked && found.locked !== 'past_edition') return 'unchanged';
  try {
    const cancelled = await cancelRegistration(
      app.db.kysely,
      { token },
      null,
      options.plan ?? app.messagePlan,
      { within: options.within, answered: options.answered },
    );
    if (!cancelled) return 'not_found';
    return cancelled.changed ? 'cancelled' : 'unchanged';
  } catch (error) {
    // A past edition's registration no longer changes, nor does someone let in meanwhile.
    if (!(error instanceof PastEditionError || error instanceof CheckedInError)) throw error;
    return 'unchanged';
  }
}
