// The one runner of background work (session sweep, live-change prune, retention purge, counter
// sweeps): every minute, and once at start, each job that is due runs, on one instance only. A
// job is due when its last run, on any instance, started at least `everyMs` ago (job_runs), so
// three instances starting together, or a restart, do not repeat it; the lock (job-lock.ts)
// keeps two instances from running it at the same moment. A job marked `atEveryStart` is due at
// each instance's start whatever its last run (decision 0071).
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { withJobLock } from './job-lock.ts';
import { lastRunStartedAt, recordRun } from './job-runs.repository.ts';

export interface Job {
  /** Stable: it names the job's row in job_runs and its lock. */
  name: string;
  everyMs: number;
  /** Also runs when an instance starts, however recent its last run: its settings may be new. */
  atEveryStart?: boolean;
  run(app: FastifyInstance): Promise<void>;
}

export type JobOutcome = 'ran' | 'not due' | 'busy' | 'failed';

export interface JobRunner {
  /** Runs every due job now, one after the other. */
  runDue(): Promise<Record<string, JobOutcome>>;
  /**
   * Runs this job now whatever its last run (its settings just changed), after any check in
   * progress here, under its lock like any run.
   */
  runNow(name: string): Promise<JobOutcome>;
  /** Starts the checks: now (where `atEveryStart` jobs are due), then every `checkEveryMs`. */
  start(): void;
  /** Settles when the check in progress, if any, has finished. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function createJobRunner({
  app,
  db,
  log,
  jobs,
  checkEveryMs = 60_000,
}: {
  app: FastifyInstance;
  db: Db;
  log: FastifyBaseLogger;
  jobs: readonly Job[];
  checkEveryMs?: number;
}): JobRunner {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  async function runIfDue(job: Job, starting: boolean, forced = false): Promise<JobOutcome> {
    try {
      return await withJobLock(db, job.name, async () => {
        const last = await lastRunStartedAt(db.kysely, job.name);
        const started = new Date();
        const recent = last && started.getTime() - Date.parse(last) < job.everyMs;
        if (recent && !forced && !(starting && job.atEveryStart)) return 'not due';
        await job.run(app);
        await recordRun(db.kysely, job.name, started.toISOString(), new Date().toISOString());
        return 'ran';
      });
    } catch (error) {
      // Not recorded as run: the next check tries again.
      log.error({ err: error, job: job.name }, 'background job failed');
      return 'failed';
    }
  }

  async function runDue(starting = false) {
    const outcomes: Record<string, JobOutcome> = {};
    for (const job of jobs) {
      if (stopped) break;
      outcomes[job.name] = await runIfDue(job, starting);
      log.debug({ job: job.name, outcome: outcomes[job.name] }, 'background job checked');
    }
    return outcomes;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      // After a run asked for meanwhile (runNow), not beside it: on SQLite no lock would keep
      // the two apart, and stop() and idle() wait for the newest only.
      running = running.then(() => runDue()).finally(schedule);
    }, checkEveryMs);
    timer.unref();
  }

  return {
    runDue: () => runDue(),
    runNow(name) {
      const job = jobs.find((candidate) => candidate.name === name);
      if (!job) return Promise.reject(new Error(`no job named ${name}`));
      const run = running.then(() => (stopped ? 'not due' : runIfDue(job, false, true)));
      running = run;
      return run;
    },
    start() {
      running = runDue(true).finally(schedule);
    },
    async idle() {
      await running;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
