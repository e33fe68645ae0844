// Background work, run by the one job runner (jobs/job-runner.ts) once the app is ready, and
// stopped (the run in progress finished) when it closes.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobRunner, type Job, type JobRunner } from '../jobs/job-runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

async function jobs(app: FastifyInstance, { jobs: list }: { jobs: readonly Job[] }) {
  const runner = createJobRunner({ app, db: app.db, log: app.log, jobs: list });
  app.decorate('jobs', runner);
  app.addHook('onReady', async () => runner.start());
  // Before the database closes (app.ts closes it in an earlier-registered onClose hook, which
  // runs after this one).
  app.addHook('onClose', async () => runner.stop());
}

export default fp(jobs, { name: 'jobs' });
