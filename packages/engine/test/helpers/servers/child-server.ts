/**
 * A server binary from a Debian package run as a child process of the test (never the system
 * service): started on a fixed loopback port with its data in a temp dir, `stop()` and `start()`
 * again on the same port and data (the outage tests), ready only once a real client connects. Every
 * child is SIGKILLed when the test worker exits, so a failed test never leaves one behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface ChildServerSpec {
  /** For messages: `redis-server`, `postgres`, `mariadbd`. */
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** Run as this user (postgres refuses to run as root). */
  uid?: number;
  gid?: number;
  /** One connection attempt: resolves when the server answers, rejects otherwise. */
  probe: () => Promise<void>;
  /** What `stop()` sends first; default SIGTERM (postgres: SIGINT, its fast shutdown). */
  stopSignal?: NodeJS.Signals;
  /** How long to keep probing before giving up. Default 60 s. */
  startTimeoutMs?: number;
}

export interface ChildServer {
  /** Starts the process (if not running) and resolves once `probe` succeeds. */
  start(): Promise<void>;
  /** `stopSignal` (SIGTERM), then SIGKILL after 15 s; resolves when the process is gone. */
  stop(): Promise<void>;
  running(): boolean;
  /** What the current run printed, for diagnostics. */
  output(): string;
}

const live = new Set<ChildProcess>();
let exitHookInstalled = false;
function track(child: ChildProcess): void {
  live.add(child);
  child.once('exit', () => live.delete(child));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const c of live) c.kill('SIGKILL');
    });
  }
}

/** Runs a command to completion (initdb, mariadb-install-db); rejects with its output on failure. */
export function runToEnd(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; uid?: number; gid?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.uid !== undefined ? { uid: options.uid } : {}),
      ...(options.gid !== undefined ? { gid: options.gid } : {}),
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${out}`));
    });
  });
}

/** Retries `probe` until it succeeds, the process exits, or the deadline passes. */
async function waitReady(spec: ChildServerSpec, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + (spec.startTimeoutMs ?? 60_000);
  let lastError: unknown;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${spec.name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`,
      );
    }
    try {
      await spec.probe();
      return;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      throw new Error(`${spec.name} not ready (${String(lastError)}):\n${output()}`);
    }
    // Between connection attempts only: readiness itself is decided by the probe connecting.
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A server that is not running yet; call `start()`. */
export function childServer(spec: ChildServerSpec): ChildServer {
  let child: ChildProcess | undefined;
  let out = '';
  return {
    async start() {
      if (child !== undefined && child.exitCode === null && child.signalCode === null) return;
      out = '';
      const started = spawn(spec.command, spec.args, {
        env: spec.env ?? process.env,
        stdio: ['ignore', 'pipe', 'pipe'],
        ...(spec.uid !== undefined ? { uid: spec.uid } : {}),
        ...(spec.gid !== undefined ? { gid: spec.gid } : {}),
      });
      child = started;
      track(started);
      started.stdout?.on('data', (d: Buffer) => (out += d.toString()));
      started.stderr?.on('data', (d: Buffer) => (out += d.toString()));
      await waitReady(spec, started, () => out);
    },
    async stop() {
      const c = child;
      if (c === undefined || c.exitCode !== null || c.signalCode !== null) return;
      const gone = new Promise<void>((resolve) => c.once('exit', () => resolve()));
      c.kill(spec.stopSignal ?? 'SIGTERM');
      const timer = setTimeout(() => c.kill('SIGKILL'), 15_000);
      await gone;
      clearTimeout(timer);
    },
    running: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    output: () => out,
  };
}
