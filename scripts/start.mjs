#!/usr/bin/env node
// `npm start`: install what is missing, build, then start the embedded engine (4 drives under
// ./data by default) and print its URL and credentials. Options are passed through to the
// engine CLI (`npm start -- --data DIR --engine-address HOST:PORT`).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, ensureNodeModules, run } from './ensure.mjs';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: join(ROOT, 'data') },
    'engine-address': { type: 'string', default: '127.0.0.1:9000' },
    drives: { type: 'string', default: '4' },
  },
  allowPositionals: false,
  strict: false,
});

try {
  ensureNodeModules();
  console.log('coffer: building…');
  run('npx', ['tsc', '-b']);
} catch (err) {
  console.error(`coffer: ${err.message}`);
  process.exit(err.exitCode ?? 1);
}

const engine = spawn(
  process.execPath,
  [
    join(ROOT, 'packages/engine/dist/cli.js'),
    '--address',
    String(values['engine-address']),
    '--data',
    String(values.data),
    '--drives',
    String(values.drives),
  ],
  { stdio: 'inherit' },
);
const stop = (signal) => engine.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
engine.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
