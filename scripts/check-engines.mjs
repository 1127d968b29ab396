// Every installed package must run on the Node versions the project declares (issue 14 §8): a
// dependency whose `engines.node` leaves out the lowest declared version (e.g. a release that
// moved to Node ≥ 22) is pinned to an older release or overridden in package.json, never
// silently accepted. Reads package-lock.json; run by `npm test` before the tests.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { ROOT } from './ensure.mjs';

/** Package paths of the lock whose declared Node range excludes the project's lowest version. */
export function enginesMismatches(lock, declared) {
  const lowest = semver.minVersion(declared)?.version;
  if (lowest === undefined) throw new Error(`cannot read the declared engines range '${declared}'`);
  const bad = [];
  for (const [where, info] of Object.entries(lock.packages ?? {})) {
    const range = info.engines?.node;
    if (where === '' || info.optional || typeof range !== 'string') continue;
    if (!semver.validRange(range)) continue;
    if (!semver.satisfies(lowest, range)) bad.push(`${where} ${info.version} wants node ${range}`);
  }
  return { lowest, bad };
}

export function checkEngines() {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
  const { lowest, bad } = enginesMismatches(lock, pkg.engines.node);
  if (bad.length > 0) {
    throw new Error(
      `dependencies that do not run on Node ${lowest} (package.json engines):\n  ${bad.join('\n  ')}`,
    );
  }
  console.log(`engines: every dependency admits Node ${lowest}`);
}
