/**
 * Builds what the browser tests run, once per run: the engine and the console server (tsc -b,
 * which also type-checks the web app) and the web app bundle (vite build). Set
 * COFFER_E2E_SKIP_BUILD=1 to reuse existing builds.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './paths.js';

export default function setup(): void {
  if (process.env.COFFER_E2E_SKIP_BUILD === '1') return;
  const run = (args: string[], cwd = ROOT) => execFileSync('npx', args, { cwd, stdio: 'inherit' });
  run(['tsc', '-b', 'packages/engine', 'packages/server', 'packages/cluster-sim', 'packages/web']);
  run(['vite', 'build', '--logLevel', 'warn'], join(ROOT, 'packages/web'));
}
