// Ended rate-limit windows count nothing: forget them.
import type { Job } from '../jobs/job-runner.ts';
import { deleteEndedWindows } from './rate-limit-windows.repository.ts';

export const rateLimitWindowsSweepJob: Job = {
  name: 'rate-limit-windows-sweep',
  everyMs: 10 * 60_000,
  async run(app) {
    await deleteEndedWindows(app.db.kysely);
  },
};
