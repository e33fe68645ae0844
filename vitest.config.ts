import { defineConfig } from 'vitest/config';
import { alias, countryOptionsPlugin } from './vite.config.ts';

// Kysely's FileMigrationProvider imports each migration file itself: run through Vitest, so that
// it can import the `.ts` sources (Node alone cannot).
const server = { deps: { inline: ['kysely'] } };

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        plugins: [countryOptionsPlugin()],
        test: {
          name: 'unit-and-api',
          server,
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          server,
          include: ['e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One Chromium at a time on a 2-core machine.
          fileParallelism: false,
        },
      },
    ],
  },
});
