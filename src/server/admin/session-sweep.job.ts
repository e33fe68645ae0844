// Expired sessions are refused on sight anyway; the sweep only keeps the table small.
import type { Job } from '../jobs/job-runner.ts';
import { deleteExpiredSessions } from './sessions.repository.ts';

export const sessionSweepJob: Job = {
  name: 'session-sweep',
  everyMs: 10 * 60_000,
  async run(app) {
    const removed = await deleteExpiredSessions(app.db.kysely, {
      idleMs: app.config.sessionIdleMs,
      absoluteMs: app.config.sessionAbsoluteMs,
    });
    if (removed > 0) app.log.info({ removed }, 'expired sessions removed');
  },
};
