/**
 * One Vitest project per workspace and kind: `<workspace>-unit` (tests next to the code,
 * `src/**\/*.test.ts`) and `<workspace>-integration` (real servers and real clients, `test/`).
 * Workspace packages resolve to their sources so tests never need a build first.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (pkg: string): string =>
  fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));

const alias = {
  '@coffer/protocol': src('protocol'),
  '@coffer/engine': src('engine'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'protocol-unit', include: ['packages/protocol/src/**/*.test.ts'] },
      },
      {
        resolve: { alias },
        test: { name: 'engine-unit', include: ['packages/engine/src/**/*.test.ts'], testTimeout: 30_000 },
      },
      {
        resolve: { alias },
        test: {
          name: 'engine-integration',
          include: ['packages/engine/test/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // Real servers and real client processes: keep them from fighting over 2 cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
