// The first start's event step (issue 33.7, decision 0227): opened in the transaction that makes
// the first admin through the setup link, finished by a save of the event's settings or by
// 'Pular'. A row, so a restart and every instance agree on whether the organizer has had their
// chance to set the event up.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { countAccounts } from './accounts.repository.ts';

const eventStep = 'event';

export type FirstStartFinish = 'saved' | 'skipped';

/** Opens the event step; a second first admin (there is none) would leave it as it is. */
export async function openEventStep(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('first_start_steps')
    .values({ step: eventStep, opened_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('step').doNothing())
    .execute();
}

/** Finishes the event step if it is open: the first way it ends is the one kept. */
export async function finishEventStep(db: Kysely<Database>, how: FirstStartFinish): Promise<void> {
  await db
    .updateTable('first_start_steps')
    .set({ finished_at: new Date().toISOString(), finished_how: how })
    .where('step', '=', eventStep)
    .where('finished_at', 'is', null)
    .execute();
}

/** Whether the screen that asks for the event is still owed to the organizer. */
export async function eventStepPending(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('first_start_steps')
    .select('finished_at')
    .where('step', '=', eventStep)
    .executeTakeFirst();
  return row !== undefined && row.finished_at === null;
}

/**
 * Whether an organizer has had the chance to set the event up: an admin exists and the event step
 * is not still owed. An admin made from the terminal or ADMIN_EMAIL has had it (the panel's
 * 'Evento' is theirs from the start); before any admin, nobody has.
 */
export async function organizerHadTheirChance(db: Kysely<Database>): Promise<boolean> {
  return (await countAccounts(db, 'admin')) > 0 && !(await eventStepPending(db));
}
