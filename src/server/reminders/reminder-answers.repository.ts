// The reminders' effect on one edition (issue 35.5, decision 0281), counted from what is stored:
// `reminders_sent` (when each person's first reminder was queued), `rsvp`, and the history's
// `withdrawn` and `seat_passed` entries written by the person's own cancellation.
import { sql, type Kysely } from 'kysely';
import type { ReminderAnswers } from '../../shared/reminder-answers.schema.ts';
import type { Database } from '../db/schema.ts';

export async function reminderAnswers(
  db: Kysely<Database>,
  editionId: string,
): Promise<ReminderAnswers> {
  const firstReminder = db
    .selectFrom('reminders_sent')
    .select(['registration_id', (eb) => eb.fn.min('queued_at').as('first_at')])
    .groupBy('registration_id')
    .as('rf');
  const afterReminder = (action: 'withdrawn' | 'seat_passed') =>
    sql<number>`sum(case when exists (
      select 1 from audit_entries a
      where a.registration_id = r.id and a.action = ${action} and a.at >= rf.first_at
    ) and r.status = 'cancelled' then 1 else 0 end)`;
  const row = await db
    .selectFrom('registrations as r')
    .leftJoin(firstReminder, 'rf.registration_id', 'r.id')
    .select([
      sql<number>`sum(case when rf.first_at is not null then 1 else 0 end)`.as('reminded'),
      sql<number>`sum(case when r.status = 'confirmed' and r.rsvp = 'yes' then 1 else 0 end)`.as(
        'saidYes',
      ),
      afterReminder('withdrawn').as('cancelledAfterReminder'),
      afterReminder('seat_passed').as('seatsPassed'),
    ])
    .where('r.event_id', '=', editionId)
    .executeTakeFirstOrThrow();
  // PostgreSQL's sum is a bigint (a string through pg), null over no rows.
  return {
    reminded: Number(row.reminded ?? 0),
    saidYes: Number(row.saidYes ?? 0),
    cancelledAfterReminder: Number(row.cancelledAfterReminder ?? 0),
    seatsPassed: Number(row.seatsPassed ?? 0),
  };
}
