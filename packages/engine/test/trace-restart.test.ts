/**
 * The trace and the console log of a whole engine (`createEngine`): a trace opened before an
 * in-place restart still receives the calls served by the new services (one hub per engine), the
 * engine's own console lines (start-up, restart) are in the console log, and closing the engine
 * ends both streams.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine.js';
import type { ConsoleLogEntry, TraceInfo } from '../src/logging/index.js';
import { openAdminStream } from './helpers/admin-stream.js';
import { signedRequest } from './helpers/signed-request.js';
import type { Keys } from './helpers/admin-calls.js';

const root: Keys = { accessKey: 'traceadmin', secretKey: 'tracesecret-123456' };
let dir: string;
let engine: Engine;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'coffer-trace-restart-'));
  const drives = [1, 2, 3, 4].map((i) => join(dir, `d${i}`));
  for (const drive of drives) await mkdir(drive);
  engine = await createEngine({
    address: '127.0.0.1:0',
    drives,
    dataDir: dir,
    rootUser: root.accessKey,
    rootPassword: root.secretKey,
    env: {},
  });
});

afterAll(async () => {
  await engine?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('trace and console log across an in-place restart', () => {
  it('keeps tracing after the restart; the console log has the start-up and restart lines', async () => {
    const trace = await openAdminStream<TraceInfo>(engine.url, root, 'trace', {
      s3: 'true',
      internal: 'false',
      err: 'false',
      threshold: '0s',
    });
    expect(trace.status).toBe(200);
    await engine.restart();
    const made = await signedRequest(engine.url, root, { method: 'PUT', path: '/after-restart' });
    expect(made.status).toBe(200);
    const put = await trace.find((t) => t.path === '/after-restart');
    expect(put.funcname).toBe('s3.CreateBucket');

    const log = await openAdminStream<ConsoleLogEntry>(engine.url, root, 'log', {
      node: '',
      limit: '50',
      logType: 'INFO',
    });
    await log.find((e) => e.ConsoleMsg.startsWith('engine listening on'));
    await log.find((e) => e.ConsoleMsg.startsWith('engine restarted in place'));
    log.close();

    // Closing the engine ends the trace stream (it never ends by itself otherwise).
    await engine.close();
    for (let doc = await trace.next(); doc !== undefined; doc = await trace.next());
  });
});
