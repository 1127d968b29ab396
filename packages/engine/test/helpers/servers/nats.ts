/**
 * nats-server (Debian's nats-server) as a child process of the test, for the NATS notification
 * target's tests: 127.0.0.1 on a free port, JetStream on with its store in a temp dir (for the
 * `jetstream=on` target). Readiness is a NATS connection (INFO/CONNECT/PING/PONG).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connect } from 'nats';
import { freePort } from '../engine-process.js';
import { childServer, startTestBroker, type TestBroker } from './child-server.js';

export const NATS_SERVER_BIN = '/usr/sbin/nats-server';

/** Starts nats-server; `url` is `127.0.0.1:PORT` (MinIO's `address` form). */
export async function startNatsServer(
  options: {
    /** Require this user and password (`--user`/`--pass`). */
    user?: { name: string; password: string };
    /** Require this token (`--auth`). */
    token?: string;
  } = {},
): Promise<TestBroker> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'coffer-nats-'));
  const port = await freePort();
  const url = `127.0.0.1:${port}`;
  const server = childServer({
    name: 'nats-server',
    command: NATS_SERVER_BIN,
    args: [
      '-a',
      '127.0.0.1',
      '-p',
      String(port),
      '-js',
      '-sd',
      path.join(dir, 'store'),
      ...(options.user !== undefined ? ['--user', options.user.name, '--pass', options.user.password] : []),
      ...(options.token !== undefined ? ['--auth', options.token] : []),
    ],
    cwd: dir,
    probe: async () => {
      const nc = await connect({
        servers: url,
        reconnect: false,
        timeout: 2000,
        ...(options.user !== undefined ? { user: options.user.name, pass: options.user.password } : {}),
        ...(options.token !== undefined ? { token: options.token } : {}),
      });
      await nc.flush();
      await nc.close();
      return true;
    },
  });
  return startTestBroker(server, { url, port }, () => rm(dir, { recursive: true, force: true }));
}
