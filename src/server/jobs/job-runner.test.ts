// The job runner: a due job runs once, whichever instance gets there first; then not again until
// its interval has passed, unless it runs at every start; a failing job is retried; never two
// runs of one job at the same time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';
import { createJobRunner, type Job } from './job-runner.ts';

describe.each([['SQLite'], ['PostgreSQL']])('the job runner on %s', (engine) => {
  let database: TempPostgres | undefined;
  let servers: TestServer[] = [];
  beforeAll(async () => {
    if (engine === 'PostgreSQL') database = await createTempPostgres();
    const env: Record<string, string> = database ? { DATABASE_URL: database.url } : {};
    // Several instances only where they can share a database.
    servers = [await startTestServer(env)];
    if (database) servers.push(await startTestServer(env), await startTestServer(env));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await database?.drop();
  });

  let counter = 0;
  /** A job of its own name, counting its runs; `hold` keeps each run going until released. */
  function countingJob(everyMs: number, hold?: Promise<void>) {
    counter += 1;
    const job = {
      name: `test-job-${counter}`,
      everyMs,
      runs: 0,
      running: 0,
      mostAtOnce: 0,
      async run() {
        job.runs += 1;
        job.running += 1;
        job.mostAtOnce = Math.max(job.mostAtOnce, job.running);
        await hold;
        job.running -= 1;
      },
    } satisfies Job & Record<string, unknown>;
    return job;
  }

  const runnersFor = (job: Job) =>
    servers.map((server) =>
      createJobRunner({ app: server.app, db: server.app.db, log: server.app.log, jobs: [job] }),
    );

  it('runs a due job once, then not until its interval has passed', async () => {
    const job = countingJob(60 * 60_000);
    const runners = runnersFor(job);
    const outcomes = await Promise.all(runners.map((runner) => runner.runDue()));
    expect(job.runs).toBe(1);
    // The others found it running (busy) or already run (not due).
    const ran = outcomes.map((o) => o[job.name]).filter((outcome) => outcome === 'ran');
    expect(ran).toEqual(['ran']);
    for (const outcome of outcomes) expect(['ran', 'busy', 'not due']).toContain(outcome[job.name]);
    expect(await runners[0]!.runDue()).toEqual({ [job.name]: 'not due' });
    expect(job.runs).toBe(1);

    const everyTime = countingJob(0);
    await runnersFor(everyTime)[0]!.runDue();
    await runnersFor(everyTime)[0]!.runDue();
    expect(everyTime.runs).toBe(2);
  });

  it('runs a job marked atEveryStart at each start, however recent its last run', async () => {
    const plain = countingJob(60 * 60_000);
    const atStart = Object.assign(countingJob(60 * 60_000), { atEveryStart: true });
    const startOnce = async () => {
      const runner = createJobRunner({
        app: servers[0]!.app,
        db: servers[0]!.app.db,
        log: servers[0]!.app.log,
        jobs: [plain, atStart],
      });
      runner.start();
      await runner.idle();
      await runner.stop();
    };
    await startOnce();
    await startOnce();
    expect(plain.runs).toBe(1);
    expect(atStart.runs).toBe(2);
  });

  it.runIf(engine === 'PostgreSQL')(
    'never runs one job on two instances at once: the others find it busy',
    async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const job = countingJob(0, held);
      const [first, ...others] = runnersFor(job);
      const running = first!.runDue();
      await expect.poll(() => job.running).toBe(1);
      const outcomes = await Promise.all(others.map((runner) => runner.runDue()));
      expect(outcomes).toEqual(others.map(() => ({ [job.name]: 'busy' })));
      release();
      expect(await running).toEqual({ [job.name]: 'ran' });
      expect(job.mostAtOnce).toBe(1);
      // Once it is done, the lock is free again.
      expect(await others[0]!.runDue()).toEqual({ [job.name]: 'ran' });
    },
  );

  it('runs a job asked for now and the minute’s check one after the other, and stops after both', async () => {
    let release = () => {};
    let gate = Promise.resolve();
    const job = {
      name: `asked-now-${engine}`,
      everyMs: 0,
      running: 0,
      mostAtOnce: 0,
      async run() {
        job.running += 1;
        job.mostAtOnce = Math.max(job.mostAtOnce, job.running);
        await gate;
        job.running -= 1;
      },
    } satisfies Job & Record<string, unknown>;
    const server = servers[0]!;
    const runner = createJobRunner({
      app: server.app,
      db: server.app.db,
      log: server.app.log,
      jobs: [job],
      checkEveryMs: 20,
    });
    runner.start();
    await runner.idle();
    // The settings changed: the job runs now, and takes longer than the checks' interval.
    gate = new Promise<void>((resolve) => (release = resolve));
    const asked = runner.runNow(job.name);
    await expect.poll(() => job.running).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(job.mostAtOnce).toBe(1);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Closing waits for the run in progress: the database is closed after it.
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await asked).toBe('ran');
    expect(job.running).toBe(0);
  });

  it('retries a failed run at the next check: a failure is not a run', async () => {
    let fail = true;
    const job: Job = {
      name: `failing-${engine}`,
      everyMs: 60 * 60_000,
      async run() {
        if (fail) throw new Error('database away');
      },
    };
    const [runner] = runnersFor(job);
    expect(await runner!.runDue()).toEqual({ [job.name]: 'failed' });
    fail = false;
    expect(await runner!.runDue()).toEqual({ [job.name]: 'ran' });
    expect(await runner!.runDue()).toEqual({ [job.name]: 'not due' });
  });
});
