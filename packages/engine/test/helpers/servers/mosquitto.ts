/**
 * Mosquitto (Debian's mosquitto) as a child process of the test, for the MQTT notification target's
 * tests: a config file in a temp dir with one listener on 127.0.0.1, anonymous access and
 * persistence in that dir (the system service, if any, is left alone). Readiness is an MQTT CONNECT/CONNACK.
 */
import { execFile as execFileCb } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { freePort } from '../engine-process.js';
import { childServer, startTestBroker, type TestBroker } from './child-server.js';

export const MOSQUITTO_BIN = '/usr/sbin/mosquitto';

const execFile = promisify(execFileCb);

/** Resolves true once an MQTT client gets a CONNACK from `url`. */
function mqttReady(url: string, user?: [string, string]): Promise<boolean> {
  return new Promise((resolve) => {
    const client = mqtt.connect(url, {
      reconnectPeriod: 0,
      connectTimeout: 2000,
      ...(user !== undefined ? { username: user[0], password: user[1] } : {}),
    });
    const done = (ok: boolean): void => {
      client.end(true);
      resolve(ok);
    };
    client.once('connect', () => done(true));
    client.once('error', () => done(false));
    client.once('close', () => done(false));
  });
}

/** Starts Mosquitto; `url` is `mqtt://127.0.0.1:PORT` (MinIO's `broker` takes `tcp://…`). */
export async function startMosquitto(
  options: {
    /** Users and passwords (a password file made with `mosquitto_passwd`); anonymous access is then off. */
    users?: Record<string, string>;
  } = {},
): Promise<TestBroker> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'coffer-mosquitto-'));
  const port = await freePort();
  const config = path.join(dir, 'mosquitto.conf');
  const lines = [
    `listener ${port} 127.0.0.1`,
    // Sessions survive a stop/start (saved on SIGTERM): an outage test's subscriber keeps its queue.
    'persistence true',
    `persistence_location ${dir}/`,
    'log_dest stdout',
  ];
  const users = Object.entries(options.users ?? {});
  if (users.length === 0) lines.push('allow_anonymous true');
  else {
    const passwords = path.join(dir, 'passwords');
    await writeFile(passwords, '');
    for (const [user, password] of users)
      await execFile('mosquitto_passwd', ['-b', passwords, user, password]);
    lines.push('allow_anonymous false', `password_file ${passwords}`);
  }
  // As root Mosquitto drops to the `mosquitto` user unless told to stay.
  if (typeof process.getuid === 'function' && process.getuid() === 0) lines.push('user root');
  await writeFile(config, `${lines.join('\n')}\n`);
  const url = `mqtt://127.0.0.1:${port}`;
  const server = childServer({
    name: 'mosquitto',
    command: MOSQUITTO_BIN,
    args: ['-c', config],
    cwd: dir,
    probe: () => mqttReady(url, users[0]),
  });
  return startTestBroker(server, { url, port }, () => rm(dir, { recursive: true, force: true }));
}
