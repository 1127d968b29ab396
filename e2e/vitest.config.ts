/**
 * Vitest project `e2e`: Playwright (playwright-core) driving a real Chromium against the real
 * stack — the engine process and the console server process — with no mocks. The global setup
 * builds the engine, the console server and the web app once; each test file starts its own stack
 * on free loopback ports with a temporary data directory. Referenced from the root vitest.config.ts.
 */
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['./harness/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
    // One browser and one stack at a time: the machine has two cores.
    fileParallelism: false,
  },
});
