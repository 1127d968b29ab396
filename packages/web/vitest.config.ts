/**
 * Vitest project `web-unit`: the web app's unit and component tests, next to the code
 * (`src/**\/*.test.{ts,tsx}`), in a happy-dom document. Referenced from the root vitest.config.ts.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    // Exact matches: '@coffer/contract/client' is the zod-free entry, the browser's run-time part.
    alias: [
      {
        find: /^@coffer\/contract$/,
        replacement: fileURLToPath(new URL('../contract/src/index.ts', import.meta.url)),
      },
      {
        find: /^@coffer\/contract\/client$/,
        replacement: fileURLToPath(new URL('../contract/src/client.ts', import.meta.url)),
      },
    ],
  },
  test: {
    name: 'web-unit',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 30_000,
  },
});
