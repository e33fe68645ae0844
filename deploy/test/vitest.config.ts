// `npm run test:deploy` (deploy/test/run.sh): the image and the compose stacks, for real, with
// podman. One file at a time: they share the machine's ports, images and two cores.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { alias } from '../../vite.config.ts';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  resolve: { alias },
  test: {
    include: ['deploy/test/**/*.test.ts'],
    globalSetup: ['deploy/test/build-image.ts'],
    fileParallelism: false,
    // Generous limits, never expectations about speed: stacks start on a shared 2-core machine.
    testTimeout: 300_000,
    hookTimeout: 600_000,
    expect: { poll: { timeout: 120_000, interval: 500 } },
  },
});
