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
  '@coffer/server-guard': src('server-guard'),
  '@coffer/engine': src('engine'),
  '@coffer/admin-client': src('admin-client'),
  '@coffer/contract': src('contract'),
  '@coffer/server': src('server'),
  '@coffer/cluster-sim': src('cluster-sim'),
};

/** A unit project: tests next to the code of one workspace. */
const unit = (pkg: string) => ({
  resolve: { alias },
  test: { name: `${pkg}-unit`, include: [`packages/${pkg}/src/**/*.test.ts`], testTimeout: 30_000 },
});

/** An integration project: real servers and real clients, run one file at a time. */
const integration = (pkg: string) => ({
  resolve: { alias },
  test: {
    name: `${pkg}-integration`,
    include: [`packages/${pkg}/test/**/*.test.ts`],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // Real servers and real client processes: keep them from fighting over 2 cores.
    fileParallelism: false,
  },
});

/**
 * Projects left out of this run (comma-separated names in COFFER_VITEST_SKIP): `npm test` runs the
 * engine and console integration suites as their own runs, beside the rest (scripts/test-lanes.mjs).
 */
const skipped = new Set((process.env.COFFER_VITEST_SKIP ?? '').split(',').filter(Boolean));
const kept = <T>(project: T): boolean =>
  typeof project === 'string' || !skipped.has((project as { test: { name: string } }).test.name);

export default defineConfig({
  resolve: { alias },
  test: {
    // Two test files at a time (the default is one less than the cores: 1 on the 2-core CI
    // machines, which left every file's import and server start-up serial). Integration and
    // browser projects run their own files one at a time (fileParallelism: false) — and Vitest
    // queues all such files of all projects in one line, which is why `npm test` runs the engine
    // and console suites as separate processes beside the rest.
    maxWorkers: 2,
    projects: [
      unit('protocol'),
      unit('server-guard'),
      unit('engine'),
      unit('admin-client'),
      unit('contract'),
      unit('server'),
      integration('engine'),
      integration('admin-client'),
      integration('server'),
      unit('cluster-sim'),
      integration('cluster-sim'),
      'packages/web/vitest.config.ts',
      'e2e/vitest.config.ts',
    ].filter(kept),
  },
});
