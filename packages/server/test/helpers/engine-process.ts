/**
 * The storage engine as a child process for the console's integration tests — the console must
 * only ever reach it over the wire, so the tests do too (no engine import).
 *
 * `startEngine()` builds protocol, server-guard and engine into dist (`tsc -b packages/engine`,
 * once per test worker), starts
 * `node packages/engine/dist/cli.js --address 127.0.0.1:0 --data DIR --drives N`
 * with fresh root credentials in COFFER_ROOT_USER/COFFER_ROOT_PASSWORD, reads the listening URL
 * from its output and waits until `GET /minio/health/live` answers 200. `stop()` sends SIGTERM
 * (SIGKILL after 10 s) and removes the temp data dir. A worker that exits kills what it started.
 */
import { execFile as execFileCb, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const execFile = promisify(execFileCb);

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const ENGINE_CLI = path.join(REPO_ROOT, 'packages/engine/dist/cli.js');
const TSC = path.join(REPO_ROOT, 'node_modules/.bin/tsc');

export interface EngineHandle {
  /** `http://127.0.0.1:PORT` */
  url: string;
  accessKey: string;
  secretKey: string;
  dataDir: string;
  /** What the process printed so far. */
  output(): string;
  stop(): Promise<void>;
}

export interface StartEngineOptions {
  drives?: number;
  startTimeoutMs?: number;
  /** Extra environment of the engine process (e.g. MINIO_<SUBSYS>_<KEY> configuration overrides). */
  env?: Record<string, string>;
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

let built: Promise<void> | undefined;

/** `tsc -b packages/engine` once per worker (it also builds protocol and server-guard). */
export function buildEngine(): Promise<void> {
  built ??= execFile(TSC, ['-b', 'packages/engine'], { cwd: REPO_ROOT, maxBuffer: 16 << 20 }).then(
    () => undefined,
    (err: { stdout?: string; stderr?: string; message: string }) => {
      built = undefined;
      throw new Error(`building the engine failed:\n${err.stdout ?? ''}${err.stderr ?? err.message}`);
    },
  );
  return built;
}

async function waitHealthy(url: string, child: ChildProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`engine exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/minio/health/live`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('engine did not become healthy in time');
}

export async function startEngine(options: StartEngineOptions = {}): Promise<EngineHandle> {
  await buildEngine();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'coffer-console-engine-'));
  const accessKey = `root${randomBytes(4).toString('hex')}`;
  const secretKey = randomBytes(16).toString('hex');
  // The engine's Node flags and environment, as `npm start` and its #! line give them.
  const runtime = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'packages/engine/node-flags.json'), 'utf8'),
  ) as {
    flags: string[];
    env?: Record<string, string>;
  };
  const child = spawn(
    process.execPath,
    [
      ...runtime.flags,
      ENGINE_CLI,
      '--address',
      '127.0.0.1:0',
      '--data',
      dataDir,
      '--drives',
      String(options.drives ?? 4),
    ],
    {
      cwd: REPO_ROOT,
      env: {
        ...runtime.env,
        ...process.env,
        ...options.env,
        COFFER_ROOT_USER: accessKey,
        COFFER_ROOT_PASSWORD: secretKey,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.add(child);
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => running.delete(child));

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
    let url: string | undefined;
    while (!url && Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`engine exited with code ${child.exitCode}`);
      url = /S3 endpoint:\s+(http:\/\/\S+)/.exec(out)?.[1];
      if (!url) await new Promise((r) => setTimeout(r, 50));
    }
    if (!url) throw new Error('engine did not print its endpoint in time');
    await waitHealthy(url, child, deadline);
    return { url, accessKey, secretKey, dataDir, output: () => out, stop };
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n--- engine output ---\n${out}`);
  }
}
