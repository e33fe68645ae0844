// Failures older than the window and addresses trusted long ago decide nothing: forget them.
import type { Job } from '../jobs/job-runner.ts';
import { forgetOldAttempts } from './login-attempts.repository.ts';
import { defaultThrottleLimits } from './login-throttle.ts';

export const loginAttemptsSweepJob: Job = {
  name: 'login-attempts-sweep',
  everyMs: 10 * 60_000,
  async run(app) {
    const now = Date.now();
    await forgetOldAttempts(
      app.db.kysely,
      new Date(now - defaultThrottleLimits.windowMs).toISOString(),
      new Date(now - defaultThrottleLimits.trustedMs).toISOString(),
    );
  },
};
