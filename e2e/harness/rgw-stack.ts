/**
 * The console against Ceph RGW for the browser walk of issue 8 §8: a real Ceph cluster with its
 * RADOS Gateway (packages/server/test/helpers/ceph-rgw.ts: one per machine, under its lock) with
 * two RGW users, and the console server process (`packages/server/dist/main.js`) pointed at it,
 * serving `packages/web/dist` on a free loopback port.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startCephRgw,
  type CephRgwHandle,
  type RgwUser,
} from '../../packages/server/test/helpers/ceph-rgw.js';
import { CONSOLE_MAIN, WEB_DIST } from './paths.js';
import { freePort, startProcess, stopProcess, waitUntilServing, type Running } from './stack.js';

export interface RgwStack {
  consoleUrl: string;
  rgw: CephRgwHandle;
  /** The user who signs in to the console. */
  alice: RgwUser;
  /** Another RGW user (owner of the bucket `minio` in the walk). */
  bob: RgwUser;
  stop(): Promise<void>;
}

export async function startRgwStack(): Promise<RgwStack> {
  const rgw = await startCephRgw();
  let console: Running | undefined;
  const dataDir = await mkdtemp(join(tmpdir(), 'coffer-e2e-rgw-'));
  const stop = async (): Promise<void> => {
    await stopProcess(console);
    await rgw.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const alice = await rgw.createUser('alice');
    const bob = await rgw.createUser('bob');
    const port = await freePort();
    const consoleUrl = `http://127.0.0.1:${port}`;
    console = startProcess(
      'console',
      [
        CONSOLE_MAIN,
        ...['--address', `127.0.0.1:${port}`, '--server', rgw.url],
        ...['--data', dataDir, '--web-dir', WEB_DIST],
      ],
      {},
    );
    await waitUntilServing(`${consoleUrl}/api/v1/login`, console, 'the console server');
    return { consoleUrl, rgw, alice, bob, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
