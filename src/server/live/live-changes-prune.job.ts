// The live-change log keeps a day: enough for any panel that lost its connection to resume.
import type { Job } from '../jobs/job-runner.ts';
import { pruneChanges } from './live-changes.repository.ts';

export const liveChangesKeptMs = 24 * 60 * 60_000;

export const liveChangesPruneJob: Job = {
  name: 'live-changes-prune',
  everyMs: 10 * 60_000,
  async run(app) {
    await pruneChanges(app.db.kysely, new Date(Date.now() - liveChangesKeptMs).toISOString());
  },
};
