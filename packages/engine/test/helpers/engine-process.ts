/**
 * The engine as a real child process, for integration tests that need what only a process gives:
 * real clients on a real port, `kill -9`, restart on the same drives.
 *
 * `startEngine()` builds the engine if its `dist/` is older than its sources, picks a free port,
 * starts `node packages/engine/dist/cli.js --address 127.0.0.1:PORT --data DIR --drives N` (with the
 * Node flags and environment of `packages/engine/node-flags.json`) with fresh root credentials, and resolves once `/minio/health/live` answers 200. A start
 * that fails or times out rejects with the process's stdout/stderr in the message. Every process a
 * test worker starts is SIGKILLed when the worker exits, so a failed test never leaves one behind.
 */
import { spawn, execFile as execFileCb, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const execFile = promisify(execFileCb);

/** Repository root (this file is packages/engine/test/helpers/engine-process.ts). */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const ENGINE_CLI = path.join(REPO_ROOT, 'packages/engine/dist/cli.js');

/**
 * The engine's Node flags and environment (packages/engine/node-flags.json): tests run the engine
 * as `npm start` and its #! line do.
 */
export function engineRuntime(): { flags: string[]; env: Record<string, string> } {
  const runtime = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'packages/engine/node-flags.json'), 'utf8'),
  ) as {
    flags: string[];
    env?: Record<string, string>;
  };
  return { flags: runtime.flags, env: runtime.env ?? {} };
}

export interface StartEngineOptions {
  /** Number of drive directories under the data dir (DIR/drive1 … DIR/driveN). Default 4. */
  drives?: number;
  /** Reuse a data dir (e.g. one an earlier process wrote); default: a fresh temp dir, removed by `destroy()`. */
  dataDir?: string;
  /** Extra environment for the engine process. */
  env?: Record<string, string>;
  /** Root credentials; default: random ones. */
  accessKey?: string;
  secretKey?: string;
  /** How long to wait for /minio/health/live. Default 30 s. */
  startTimeoutMs?: number;
  /** Run under `prlimit --nofile=N:N` (the fd-exhaustion tests); default: the inherited limit. */
  openFileLimit?: number;
  /** Extra command-line arguments for the engine. */
  args?: string[];
}

export interface EngineProcess {
  /** `http://127.0.0.1:PORT` */
  url: string;
  host: string;
  port: number;
  accessKey: string;
  secretKey: string;
  dataDir: string;
  /** Absolute drive directories, in order. */
  drives: string[];
  /** The running child's pid (changes on restart). */
  pid(): number | undefined;
  /** What the process printed so far (the current run only), for diagnostics. */
  output(): string;
  /** SIGTERM, then SIGKILL after 10 s; resolves when the process is gone. */
  stop(): Promise<void>;
  /** SIGKILL right away (the crash of the fault tests); resolves when the process is gone. */
  kill9(): Promise<void>;
  /** Start again on the same port, drives and credentials (stops first if still running). */
  restart(): Promise<void>;
  /** stop() and remove the data dir if this harness created it. */
  destroy(): Promise<void>;
}

const live = new Set<ChildProcess>();
let exitHookInstalled = false;
function trackChild(child: ChildProcess): void {
  live.add(child);
  child.once('exit', () => live.delete(child));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // A worker that dies (failed test, timeout) must not leave servers holding ports and temp dirs.
    process.once('exit', () => {
      for (const c of live) c.kill('SIGKILL');
    });
  }
}

/** A free TCP port on 127.0.0.1: listen on 0, read the port, close. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr !== null ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function newestMtime(dir: string): Promise<number> {
  let newest = 0;
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  for (const e of entries) {
    if (!e.isFile() || !e.name.endsWith('.ts') || e.name.endsWith('.test.ts')) continue;
    const s = await stat(path.join(e.parentPath, e.name));
    newest = Math.max(newest, s.mtimeMs);
  }
  return newest;
}

let buildChecked: Promise<void> | undefined;
/**
 * Builds protocol, server-guard and engine with `tsc -b` when `dist/cli.js` is missing or older than a source file.
 * `npm test` builds before running tests; this keeps `npx vitest run <file>` honest too. tsc may
 * report type errors of work in progress and still emit (TS ≥ 5.6 build mode), so only a missing
 * cli.js afterwards is fatal.
 */
export function ensureEngineBuilt(): Promise<void> {
  buildChecked ??= (async () => {
    // Stale when a package's newest source is newer than its build: tsc -b rewrites only the
    // outputs that change, but always the package's .tsbuildinfo when it builds.
    let stale = !existsSync(ENGINE_CLI);
    for (const pkg of ['protocol', 'server-guard', 'engine']) {
      const srcNewest = await newestMtime(path.join(REPO_ROOT, 'packages', pkg, 'src'));
      const info = path.join(REPO_ROOT, 'packages', pkg, 'dist/.tsbuildinfo');
      const built = await stat(info).then(
        (st) => st.mtimeMs,
        () => 0,
      );
      if (srcNewest > built) stale = true;
    }
    if (!stale) return;
    const tsc = path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc');
    let log = '';
    try {
      await execFile(process.execPath, [tsc, '-b', 'packages/engine'], {
        cwd: REPO_ROOT,
        maxBuffer: 64 << 20,
      });
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string };
      log = `${e.stdout ?? ''}${e.stderr ?? ''}`;
    }
    if (!existsSync(ENGINE_CLI)) {
      throw new Error(`engine build produced no ${ENGINE_CLI}:\n${log.slice(-4000)}`);
    }
  })();
  return buildChecked;
}

function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

function waitExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts an engine process; see the module comment. */
export async function startEngine(options: StartEngineOptions = {}): Promise<EngineProcess> {
  await ensureEngineBuilt();
  const driveCount = options.drives ?? 4;
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'coffer-engine-')));
  await mkdir(dataDir, { recursive: true });
  const drives = Array.from({ length: driveCount }, (_, i) => path.join(dataDir, `drive${i + 1}`));
  const accessKey = options.accessKey ?? `test${randomBytes(6).toString('hex')}`;
  const secretKey = options.secretKey ?? randomBytes(24).toString('base64url');
  const port = await freePort();
  const host = `127.0.0.1:${port}`;
  const url = `http://${host}`;
  const timeout = options.startTimeoutMs ?? 30_000;

  let child: ChildProcess | undefined;
  let out = '';

  async function launch(): Promise<void> {
    out = '';
    const runtime = engineRuntime();
    const env: NodeJS.ProcessEnv = {
      ...runtime.env,
      ...process.env,
      COFFER_ROOT_USER: accessKey,
      COFFER_ROOT_PASSWORD: secretKey,
      ...options.env,
    };
    // The engine must not pick up a real MinIO's credentials from the developer's shell.
    delete env.MINIO_ROOT_USER;
    delete env.MINIO_ROOT_PASSWORD;
    const engineArgs = [
      ...runtime.flags,
      ENGINE_CLI,
      '--address',
      host,
      '--data',
      dataDir,
      '--drives',
      String(driveCount),
      ...(options.args ?? []),
    ];
    // prlimit execs the command, so the child's pid is the engine's.
    const [command, args] =
      options.openFileLimit === undefined
        ? [process.execPath, engineArgs]
        : [
            'prlimit',
            [`--nofile=${options.openFileLimit}:${options.openFileLimit}`, process.execPath, ...engineArgs],
          ];
    const c = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child = c;
    trackChild(c);
    const append = (chunk: Buffer): void => {
      out += chunk.toString('utf8');
      // Keep the tail only: a chatty engine must not grow the test's memory.
      if (out.length > 256_000) out = out.slice(-128_000);
    };
    c.stdout?.on('data', append);
    c.stderr?.on('data', append);

    const deadline = Date.now() + timeout;
    let lastError = '';
    while (Date.now() < deadline) {
      if (c.exitCode !== null || c.signalCode !== null) {
        throw new Error(`engine exited during start (code ${c.exitCode}, signal ${c.signalCode}):\n${out}`);
      }
      try {
        const res = await fetch(`${url}/minio/health/live`, { signal: AbortSignal.timeout(2_000) });
        await res.arrayBuffer();
        if (res.status === 200) return;
        lastError = `health/live answered ${res.status}`;
      } catch (err) {
        lastError = (err as Error).message;
      }
      await delay(100);
    }
    c.kill('SIGKILL');
    await waitExit(c);
    throw new Error(`engine not live after ${timeout} ms (${lastError}):\n${out}`);
  }

  async function stop(): Promise<void> {
    const c = child;
    if (c === undefined) return;
    if (c.exitCode === null && c.signalCode === null) {
      c.kill('SIGTERM');
      const t = setTimeout(() => c.kill('SIGKILL'), 10_000);
      await waitExit(c);
      clearTimeout(t);
    }
    child = undefined;
  }

  async function kill9(): Promise<void> {
    const c = child;
    if (c === undefined) return;
    c.kill('SIGKILL');
    await waitExit(c);
    child = undefined;
  }

  try {
    await launch();
  } catch (err) {
    // The caller never gets a handle to destroy(): clean up the temp dir made for it here.
    if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    url,
    host,
    port,
    accessKey,
    secretKey,
    dataDir,
    drives,
    pid: () => child?.pid,
    output: () => out,
    stop,
    kill9,
    async restart() {
      await stop();
      await launch();
    },
    async destroy() {
      await stop();
      if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
