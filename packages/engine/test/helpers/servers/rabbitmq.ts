/**
 * RabbitMQ (Debian's rabbitmq-server) as a child process of the test, for the AMQP notification
 * target's tests: its own node name, Erlang cookie, epmd port, mnesia and config in a temp dir (the
 * system service, if any, is left alone), listening on 127.0.0.1 only. The boot scripts are run
 * directly from /usr/lib/rabbitmq/bin (the /usr/sbin wrapper switches to the `rabbitmq` user).
 * Our own epmd runs in the foreground on a free port, so nothing outlives `destroy()`.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import amqp from 'amqplib';
import { freePort } from '../engine-process.js';
import { childServer, tcpOpen, type ChildServer, startTestBroker, type TestBroker } from './child-server.js';

export const RABBITMQ_BIN = '/usr/lib/rabbitmq/bin/rabbitmq-server';

/** Starts RabbitMQ with the default `guest` user (allowed from loopback). */
export async function startRabbitMq(): Promise<TestBroker> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'coffer-rabbitmq-'));
  const home = path.join(dir, 'home');
  await mkdir(home);
  await mkdir(path.join(dir, 'mnesia'));
  await mkdir(path.join(dir, 'log'));
  // Erlang refuses a cookie file others can read.
  const cookie = path.join(home, '.erlang.cookie');
  await writeFile(cookie, randomBytes(16).toString('hex'));
  await chmod(cookie, 0o400);
  const [port, distPort, epmdPort] = [await freePort(), await freePort(), await freePort()];
  await writeFile(path.join(dir, 'enabled_plugins'), '[].\n');
  await writeFile(path.join(dir, 'rabbitmq.conf'), `listeners.tcp.default = 127.0.0.1:${port}\n`);
  const nodeName = `coffer${randomBytes(4).toString('hex')}@localhost`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    ERL_EPMD_PORT: String(epmdPort),
    RABBITMQ_NODENAME: nodeName,
    RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1',
    RABBITMQ_NODE_PORT: String(port),
    RABBITMQ_DIST_PORT: String(distPort),
    RABBITMQ_MNESIA_BASE: path.join(dir, 'mnesia'),
    RABBITMQ_LOG_BASE: path.join(dir, 'log'),
    RABBITMQ_LOGS: '-',
    RABBITMQ_CONFIG_FILE: path.join(dir, 'rabbitmq.conf'),
    RABBITMQ_ADVANCED_CONFIG_FILE: path.join(dir, 'advanced.config'),
    RABBITMQ_CONF_ENV_FILE: path.join(dir, 'rabbitmq-env.conf'),
    RABBITMQ_ENABLED_PLUGINS_FILE: path.join(dir, 'enabled_plugins'),
  };
  const epmd = childServer({
    name: 'epmd',
    command: 'epmd',
    args: ['-port', String(epmdPort), '-address', '127.0.0.1'],
    env,
    probe: () => tcpOpen(epmdPort),
  });
  const url = `amqp://guest:guest@127.0.0.1:${port}`;
  const server: ChildServer = childServer({
    name: 'rabbitmq-server',
    command: RABBITMQ_BIN,
    args: [],
    env,
    cwd: dir,
    startTimeoutMs: 120_000,
    probe: async () => {
      // Readiness is an AMQP handshake (the port may open before the broker takes connections).
      const connection = await amqp.connect(url, { timeout: 2000 });
      await connection.close();
      return true;
    },
  });
  const cleanup = async (): Promise<void> => {
    await epmd.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await epmd.start();
  } catch (err) {
    await cleanup();
    throw err;
  }
  return startTestBroker(server, { url, port }, cleanup);
}
