#!/usr/bin/env node
// `npm test`: install what is missing (npm packages; system test tools through apt when root),
// then lint, type-check (which also builds), and run every Vitest project: unit, integration
// and conformance tests with real clients. Ends with a plain 'N passed, N failed' line.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, ensureNodeModules, run } from './ensure.mjs';

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
  run('npx', ['eslint', '.', '--max-warnings', '0']);
  run('npx', ['prettier', '--check', '.']);
  console.log('\n== type-check and build');
  run('npx', ['tsc', '-b']);
  // Test files are outside the build projects: check them (with the sources they import) too.
  run('npx', ['tsc', '-p', 'tsconfig.tests.json']);
  run('npx', ['tsc', '-p', 'e2e']);
  console.log('\n== tests');
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const report = join(ROOT, '.tmp', 'vitest-report.json');
  let failed;
  try {
    run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${report}`]);
  } catch (err) {
    failed = err;
  }
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    console.log(
      `\n${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`,
    );
  }
  if (failed) throw failed;
}

main().catch((err) => {
  console.error(`\nnpm test failed: ${err.message}`);
  process.exit(err.exitCode ?? 1);
});
