import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import { runFolder, runId, runVariable } from './test/run/run-folder.ts';
import { alias, countryOptionsPlugin } from './vite.config.ts';

// Kysely's FileMigrationProvider imports each migration file itself: run through Vitest, so that
// it can import the `.ts` sources (Node alone cannot). The built pages' render (dist/ssr), which
// a server imports while it starts, is plain JavaScript for Node, as in production: left to Node,
// its import does not wait in line behind the other worker's transforms (a start under Fastify's
// 10 s plugin timeout).
const server = { deps: { inline: ['kysely'], external: [/\/dist\/ssr\//] } };

// The tests' temporary folders (SQLite files, Chromium profiles, nginx's files) in one folder of
// the run's own, in memory where the machine has a tmpfs: SQLite runs with synchronous=FULL, an
// fsync per commit, several milliseconds each on this machine's disk and far more while other
// work writes to it, for a durability no test can observe (a process killed with SIGKILL loses
// nothing the kernel holds). Same code, same settings, another file system (decision 0081). The
// run's global teardown removes the folder and fails on anything a test left in it (decision 0182).
const runEnv = { TMPDIR: runFolder(), [runVariable]: runId() };

/**
 * The files that take longest, longest first, in seconds on the 2-core machine (API and browser
 * files alike). They start first, so that the run does not end on one of them alone while the
 * other workers idle. An ordering hint only: a file missing here runs after them, in Vitest's
 * own order, and a stale figure costs time, never a result.
 */
const slowest: Record<string, number> = {
  'e2e/admin.test.ts': 56,
  'src/server/seats/seats.test.ts': 46,
  'e2e/visitor.test.ts': 42,
  'e2e/admin-event.test.ts': 41,
  'src/server/announcements/announcements-pace.test.ts': 38,
  'src/server/admin/first-start.test.ts': 38,
  'e2e/door.test.ts': 35,
  'src/server/start-failures.test.ts': 33,
  'src/server/registrations/registration-window.test.ts': 29,
  'src/server/messages/outbox-instances.test.ts': 28,
  'src/server/durability.test.ts': 27,
  'e2e/admin-messages.test.ts': 21,
  'e2e/door-late-answers.test.ts': 21,
  'src/server/admin/admin.cli.test.ts': 21,
  'src/server/admin/bootstrap-admin.test.ts': 21,
  'src/server/replies/whatsapp-replies.test.ts': 19,
  'src/server/admin/login.routes.test.ts': 19,
  'e2e/first-start-cluster.test.ts': 18,
  'src/server/certificates/certificate-downloads.test.ts': 18,
  'src/server/reminders/reminders-restart.test.ts': 18,
  'e2e/admin-live.test.ts': 17,
  'src/server/admin/login-during-reset.test.ts': 17,
  'e2e/door-offline-queue.test.ts': 16,
  'e2e/door-verdicts.test.ts': 15,
  'e2e/admin-form-questions.test.ts': 15,
  'src/server/ops/backup-restore.test.ts': 15,
  'e2e/admin-certificate.test.ts': 14,
  'e2e/admin-card-certificate.test.ts': 13,
  'e2e/live-heartbeat.test.ts': 13,
  'e2e/seats.test.ts': 13,
  'src/server/db/concurrent-migrations.test.ts': 12,
  'src/server/messages/outbox.test.ts': 11,
};

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const weight = (file: TestSpecification) =>
      slowest[relative(this.ctx.config.root, file.moduleId)] ?? 0;
    // Array.prototype.sort is stable: the rest keep Vitest's order.
    return (await super.sort(files)).sort((a, b) => weight(b) - weight(a));
  }
}

/** Files that drive Chromium; `e2e/served-pages.test.ts` speaks HTTP only and runs with the API. */
const browserFiles = ['e2e/**/*.test.ts'];
const httpOnlyE2e = ['e2e/served-pages.test.ts'];

// What every file shares: each has its own server, port, SQLite file, PostgreSQL database and
// Chromium profile (decision 0081). Each worker imports the server once, not once per file
// (that was half the time): the files share no state through modules, no mocks, spies or
// globals (decision 0080).
const shared = {
  server,
  env: runEnv,
  // Generous limits, never expectations about speed: on 2 cores a test can wait its turn.
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // expect.poll waits for a condition (a message sent, a change delivered): Vitest's default of
  // one second is a duration the machine's load decides. Fifteen, so that a condition that never
  // comes still fails, and one that comes late on a busy machine does not.
  expect: { poll: { timeout: 15_000 } },
  isolate: false,
};

export default defineConfig({
  resolve: { alias },
  plugins: [countryOptionsPlugin()],
  test: {
    globalSetup: ['./test/run/global-setup.ts'],
    sequence: { sequencer: SlowestFirst },
    projects: [
      {
        extends: true,
        test: {
          ...shared,
          name: 'api',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', ...httpOnlyE2e],
          // Three files at once on 2 cores: most of their time is spent waiting (on a server,
          // scrypt in the thread pool, a child process, PostgreSQL).
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          ...shared,
          name: 'browser',
          include: browserFiles,
          exclude: httpOnlyE2e,
          // After the API files, never beside them (issue 15): two Chromium files at once, each
          // waiting on its page as much as it computes (decision 0285).
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
