/**
 * Debian's `redis-server` for the redis target's tests: a child process on a free loopback port,
 * data (append-only file, fsync always, so a stop/start keeps what was acknowledged) in a temp dir,
 * the default user protected by a password and one ACL user. Ready once a client's PING answers.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from '../engine-process.js';
import { childServer, type ChildServer } from './child-server.js';

export interface RedisServer extends ChildServer {
  host: string;
  port: number;
  /** `127.0.0.1:PORT`, the target's `address`. */
  address: string;
  /** The default user's password. */
  password: string;
  /** An ACL user with every permission. */
  user: { name: string; password: string };
  /** A connected client (default user) for reading back what the target wrote; closed by `destroy`. */
  client(): Promise<Redis>;
  /** How long the first start took (for the CI budget). */
  startMs: number;
  /** stop() and remove the data dir. */
  destroy(): Promise<void>;
}

export async function startRedis(): Promise<RedisServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'coffer-redis-'));
  const port = await freePort();
  const password = 'redis-default-secret';
  const user = { name: 'coffer', password: 'redis-user-secret' };
  const probe = async (): Promise<void> => {
    const c = new Redis({ host: '127.0.0.1', port, password, lazyConnect: true, retryStrategy: () => null });
    c.on('error', () => {});
    try {
      await c.connect();
      await c.ping();
    } finally {
      c.disconnect();
    }
  };
  // The ACL user needs a config-file line: on the command line redis takes its rule as one name.
  const conf = path.join(dir, 'redis.conf');
  await writeFile(
    conf,
    [
      `port ${port}`,
      'bind 127.0.0.1',
      `dir ${dir}`,
      'save ""',
      'appendonly yes',
      'appendfsync always',
      `requirepass ${password}`,
      `user ${user.name} on >${user.password} ~* &* +@all`,
      '',
    ].join('\n'),
  );
  const server = childServer({
    name: 'redis-server',
    command: 'redis-server',
    args: [conf],
    probe,
  });
  const clients: Redis[] = [];
  const started = Date.now();
  await server.start();
  const startMs = Date.now() - started;
  return {
    ...server,
    host: '127.0.0.1',
    port,
    address: `127.0.0.1:${port}`,
    password,
    user,
    startMs,
    async client() {
      const c = new Redis({ host: '127.0.0.1', port, password });
      c.on('error', () => {});
      clients.push(c);
      await c.ping();
      return c;
    },
    async destroy() {
      for (const c of clients) c.disconnect();
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
