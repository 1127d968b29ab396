#!/usr/bin/env node
// Installs what is missing from the npm side before `npm start`, `npm test` or `npm run engine`:
// runs `npm ci` when node_modules is absent or older than package-lock.json. Plain Node, no
// dependencies, so it works on a fresh clone.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Run a command in the repo root, inheriting stdio; throw with the command line when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    const err = new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
    err.exitCode = result.status ?? 1;
    throw err;
  }
}

/** True when the installed tree is missing or older than the lock file. */
function npmInstallNeeded() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  if (!existsSync(marker)) return true;
  return statSync(join(ROOT, 'package-lock.json')).mtimeMs > statSync(marker).mtimeMs;
}

export function ensureNodeModules() {
  if (!npmInstallNeeded()) return;
  console.log('coffer: installing npm dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

/** Build every workspace: TypeScript projects, then the web app (Vite) when it is present. */
export function buildAll() {
  run('npx', ['tsc', '-b']);
  if (existsSync(join(ROOT, 'packages', 'web', 'index.html'))) {
    // Warnings and errors only: Vite's per-chunk table (hundreds of lines) would bury the banner.
    run('npm', ['run', 'build', '--silent', '-w', '@coffer/web', '--', '--logLevel', 'warn']);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    ensureNodeModules();
  } catch (err) {
    console.error(`coffer: ${err.message}`);
    process.exit(err.exitCode ?? 1);
  }
}
