// The live-change log keeps a day: enough for any panel that lost its connection to resume.
import type { Job } from '../jobs/job-runner.ts';
import { liveLogOf } from './open-live.ts';

export const liveChangesKeptMs = 24 * 60 * 60_000;

export const liveChangesPruneJob: Job = {
  name: 'live-changes-prune',
  everyMs: 10 * 60_000,
  async run(app) {
    await liveLogOf(app.db).prune(new Date(Date.now() - liveChangesKeptMs).toISOString());
  },
};
