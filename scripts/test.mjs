#!/usr/bin/env node
// `npm test`: install what is missing (npm packages; system test tools through apt when root),
// then lint, type-check (which also builds), and run every Vitest project: unit, integration
// and conformance tests with real clients; then the engine and console integration suites again on
// the current LTS Node (scripts/lts-node.mjs). Ends with a plain 'N passed, N failed' line per runtime.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, ensureNodeModules, run } from './ensure.mjs';
import { LTS_NODE_VERSION, ensureLtsNode } from './lts-node.mjs';

const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');

async function main() {
  ensureNodeModules();
  const { ensureSystemDeps } = await import('./system-deps.mjs');
  await ensureSystemDeps({
    needs: [
      'awscli',
      's3cmd',
      'rclone',
      'go',
      'madmin-go',
      'chromium',
      'ceph',
      'unzip',
      'redis',
      'postgresql',
      'mariadb',
      'mosquitto',
      'nats',
      'rabbitmq',
      'nginx',
      'prometheus',
      'openldap',
      'kubectl',
    ],
  });

  console.log('\n== lint');
  // After ensureNodeModules: the check reads ranges with semver, a dev dependency.
  const { checkEngines } = await import('./check-engines.mjs');
  checkEngines();
  run('npx', ['eslint', '.', '--max-warnings', '0']);
  run('npx', ['prettier', '--check', '.']);
  console.log('\n== type-check and build');
  run('npx', ['tsc', '-b']);
  // Test files are outside the build projects: check them (with the sources they import) too.
  run('npx', ['tsc', '-p', 'tsconfig.tests.json']);
  run('npx', ['tsc', '-p', 'e2e']);
  console.log('\n== tests');
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const results = [vitest(process.execPath, [], 'vitest-report.json')];
  // The second runtime (issue 14 §8): the engine and console integration suites on the current
  // LTS Node, so code that runs on Node 20 keeps running on the line users upgrade to.
  const lts = ensureLtsNode();
  console.log(`\n== engine and console integration tests on Node ${LTS_NODE_VERSION} (current LTS)`);
  results.push(
    vitest(
      lts,
      ['--project', 'engine-integration', '--project', 'server-integration'],
      'vitest-report-lts.json',
    ),
  );
  console.log('');
  for (const [label, r] of [
    [`Node ${process.versions.node}`, results[0]],
    [`Node ${LTS_NODE_VERSION}`, results[1]],
  ]) {
    console.log(`${label}: ${r.summary}`);
  }
  const failed = results.find((r) => r.error)?.error;
  if (failed) throw failed;
}

/** One Vitest run on the given Node binary; its 'N passed, N failed' line and its error, if any. */
function vitest(node, args, reportName) {
  const report = join(ROOT, '.tmp', reportName);
  let error;
  try {
    run(node, [VITEST, 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${report}`]);
  } catch (err) {
    error = err;
  }
  let summary = 'no report';
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    summary = `${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`;
  }
  return { summary, error };
}

main().catch((err) => {
  console.error(`\nnpm test failed: ${err.message}`);
  process.exit(err.exitCode ?? 1);
});
