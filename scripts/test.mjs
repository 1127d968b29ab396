#!/usr/bin/env node
// `npm test`: install what is missing (npm packages; system test tools through apt when root),
// then lint, type-check (which also builds), and run every Vitest project: unit, integration
// and conformance tests with real clients, and the engine and console integration suites again on
// the current LTS Node (scripts/lts-node.mjs) — two Vitest runs at a time (scripts/test-lanes.mjs).
// Ends with a plain 'N passed, N failed' line per runtime.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, ensureNodeModules, run } from './ensure.mjs';
import { LTS_NODE_VERSION, ensureLtsNode } from './lts-node.mjs';
import { runLanes, summaryLine } from './test-lanes.mjs';

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
  console.log('\n== web bundle (for the browser and console tests)');
  run('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: join(ROOT, 'packages/web') });
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  // The second runtime (issue 14 §8): the engine and console integration suites on the current
  // LTS Node, so code that runs on Node 20 keeps running on the line users upgrade to.
  const lts = ensureLtsNode();
  const node20 = `node${process.versions.node.split('.')[0]}`;
  const node26 = `node${LTS_NODE_VERSION.split('.')[0]}`;
  const engineInt = ['--project', 'engine-integration'];
  const serverInt = ['--project', 'server-integration'];
  // Everything else in one run; the browser tests' global setup would build again, and the builds
  // above are the ones to test.
  const env = { COFFER_E2E_SKIP_BUILD: '1', COFFER_VITEST_SKIP: 'engine-integration,server-integration' };
  console.log(`\n== tests: Node ${process.versions.node} and Node ${LTS_NODE_VERSION}, two runs at a time`);
  const runs = [
    { label: `${node20} unit+browser`, node: process.execPath, args: [], report: 'vitest-rest.json', env },
    { label: `${node20} engine`, node: process.execPath, args: engineInt, report: 'vitest-engine.json' },
    { label: `${node20} console`, node: process.execPath, args: serverInt, report: 'vitest-server.json' },
    { label: `${node26} engine`, node: lts, args: engineInt, report: 'vitest-engine-lts.json' },
    { label: `${node26} console`, node: lts, args: serverInt, report: 'vitest-server-lts.json' },
  ];
  const results = await runLanes(runs, 2);
  console.log('');
  runs.forEach((r, i) =>
    console.log(`${r.label.padEnd(22)} ${results[i].seconds} s: ${summaryLine(results[i])}`),
  );
  console.log(`Node ${process.versions.node}: ${summaryLine(...results.slice(0, 3))}`);
  console.log(`Node ${LTS_NODE_VERSION}: ${summaryLine(...results.slice(3))}`);
  runs.forEach((r, i) => results[i].failures.forEach((f) => console.log(`FAILED [${r.label}] ${f}`)));
  const failed = results.find((r) => r.error)?.error;
  if (failed) throw failed;
}

main().catch((err) => {
  console.error(`\nnpm test failed: ${err.message}`);
  process.exit(err.exitCode ?? 1);
});
