// Reminders leave by themselves (issue 35.1): each minute's check (jobs/job-runner.ts, one instance
// at a time) queues, for every edition whose event has not started, the reminders whose time has
// come, read from the settings as they are now: a date or a reminder changed moves what has not
// gone; what has gone stays gone (decision 0263).
import type { FastifyInstance } from 'fastify';
import { readEditions } from '../editions/editions.repository.ts';
import type { Job } from '../jobs/job-runner.ts';
import { queueReminder } from './queue-reminders.repository.ts';
import { dueReminders } from './reminder-times.ts';

/** Queues every reminder due at `now`; returns how many people were reminded. */
export async function queueDueReminders(app: FastifyInstance, now: Date): Promise<number> {
  const channels = app.messagePlan.reminder;
  if (channels.length === 0) return 0;
  let queued = 0;
  for (const edition of await readEditions(app.db.kysely)) {
    for (const reminder of dueReminders(edition.settings, now)) {
      queued += await queueReminder(app.db.kysely, edition.id, reminder, channels);
    }
  }
  return queued;
}

export const remindersJob: Job = {
  name: 'reminders',
  // Each minute's check, with room for one that comes a little early: queued within about a
  // minute of the reminder's time.
  everyMs: 50_000,
  async run(app) {
    const queued = await queueDueReminders(app, new Date());
    // A count only: nothing about a person in the log.
    if (queued > 0) app.log.info({ queued }, 'reminders queued');
  },
};
