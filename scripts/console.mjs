#!/usr/bin/env node
// `npm run console -- --address HOST:PORT --server http://minio-host:9000`: the console alone,
// administering any MinIO-compatible server. Builds first; serves the built web app.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, buildAll, ensureNodeModules } from './ensure.mjs';

try {
  ensureNodeModules();
  buildAll();
} catch (err) {
  console.error(`coffer: ${err.message}`);
  process.exit(err.exitCode ?? 1);
}
const args = process.argv.slice(2);
const withWeb = args.includes('--web-dir') ? args : ['--web-dir', join(ROOT, 'packages/web/dist'), ...args];
const child = spawn(process.execPath, [join(ROOT, 'packages/server/dist/main.js'), ...withWeb], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
