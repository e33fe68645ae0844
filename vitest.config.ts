import { defineConfig } from 'vitest/config';
import { alias, countryOptionsPlugin } from './vite.config.ts';

// Kysely's FileMigrationProvider imports each migration file itself: run through Vitest, so that
// it can import the `.ts` sources (Node alone cannot). The built pages' render (dist/ssr), which
// a server imports while it starts, is plain JavaScript for Node, as in production: left to Node,
// its import does not wait in line behind the other worker's transforms (a start under Fastify's
// 10 s plugin timeout).
const server = { deps: { inline: ['kysely'], external: [/\/dist\/ssr\//] } };

// The e2e files that drive no browser: what the built site's server sends.
const withoutBrowser = ['e2e/served-pages.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        plugins: [countryOptionsPlugin()],
        test: {
          name: 'unit-and-api',
          server,
          include: ['src/**/*.test.ts', ...withoutBrowser],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two files at once even on 2 cores: most of their time is spent waiting (on a server,
          // scrypt in the thread pool, a child process, PostgreSQL). Each file has its own
          // server, port, SQLite file and PostgreSQL database.
          maxWorkers: 2,
          // Each worker imports the server once, not once per file (that was half the time).
          // The files share no state through modules: no mocks, spies or globals (decision 0080).
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'e2e',
          server,
          include: ['e2e/**/*.test.ts'],
          exclude: withoutBrowser,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One Chromium at a time, and only once the API tests are done: beside them, on a
          // 2-core machine, a browser test waits on a starved CPU rather than on the page.
          fileParallelism: false,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
