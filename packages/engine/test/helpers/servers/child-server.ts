/**
 * The one runner for the servers the notification-target tests start from Debian packages (redis,
 * postgres, mariadb, rabbitmq + epmd, mosquitto, nats): a child process of the test (never the
 * system service) on a fixed loopback port chosen by the caller, data in a temp dir; `stop()` then
 * `start()` gives the outage tests the same server back on the same address and data. Readiness is
 * a real client connecting (`probe`), never a sleep. Each run leads its own process group, so a
 * wrapper script's children (RabbitMQ's `sh` → `beam.smp`) stop with it, and every group still
 * running when the test worker exits is SIGKILLed, so a failed test never leaves one behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export interface ChildServerSpec {
  /** Shown in errors: `redis-server`, `postgres`, `rabbitmq-server`, … */
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Run as this user (postgres refuses to run as root). */
  uid?: number;
  gid?: number;
  /** One connection attempt: ready unless it rejects or resolves `false`. */
  probe: () => Promise<boolean | void>;
  /** What `stop()` sends first; default SIGTERM (postgres: SIGINT, its fast shutdown). */
  stopSignal?: NodeJS.Signals;
  /**
   * Whether `stop()` signals the whole process group (default) or only the leader: postgres's
   * postmaster shuts its own children down, and SIGINT sent to them as well would race it.
   */
  stopGroup?: boolean;
  /** How long `start()` keeps probing before giving up. Default 60 s. */
  startTimeoutMs?: number;
}

export interface ChildServer {
  /** Starts the process (if not running) and resolves, with how long that took in ms, once `probe` succeeds. */
  start(): Promise<number>;
  /** `stopSignal` (SIGTERM), then SIGKILL to the group after 15 s; resolves once the whole group is gone. */
  stop(): Promise<void>;
  running(): boolean;
  /** What the current run printed (its last 20 000 characters), for diagnostics. */
  output(): string;
}

/** One running test broker (RabbitMQ, Mosquitto, NATS). */
export interface TestBroker {
  /** The client URL (`amqp://guest:guest@127.0.0.1:PORT`, `mqtt://…`, `127.0.0.1:PORT`). */
  url: string;
  port: number;
  /** How long the first start took, in ms (reported for the CI budget). */
  startMs: number;
  /** Stop the server (the outage); the port stays reserved for `start()`. */
  stop(): Promise<void>;
  /** Start again on the same port and data; resolves with the start time in ms. */
  start(): Promise<number>;
  /** Stop and remove the temp dir. */
  destroy(): Promise<void>;
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
      for (const c of live) signalGroup(c, 'SIGKILL');
    });
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    // Negative pid: the whole group the child leads (it was spawned detached).
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function groupAlive(child: ChildProcess): boolean {
  if (child.pid === undefined) return false;
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitExit(child: ChildProcess): Promise<void> {
  if (exited(child)) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

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

/** A server process controller; nothing runs until `start()`. */
export function childServer(spec: ChildServerSpec): ChildServer {
  let child: ChildProcess | undefined;
  let out = '';

  return {
    async start() {
      if (child !== undefined && !exited(child)) return 0;
      out = '';
      const began = Date.now();
      const proc = spawn(spec.command, spec.args, {
        env: spec.env ?? process.env,
        cwd: spec.cwd,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        ...(spec.uid !== undefined ? { uid: spec.uid } : {}),
        ...(spec.gid !== undefined ? { gid: spec.gid } : {}),
      });
      child = proc;
      track(proc);
      const keep = (chunk: Buffer): void => {
        // Bounded: a chatty server must not grow the test's memory without end.
        out = (out + chunk.toString('utf8')).slice(-20_000);
      };
      proc.stdout?.on('data', keep);
      proc.stderr?.on('data', keep);
      let spawnError: Error | undefined;
      proc.once('error', (err) => (spawnError = err));

      const deadline = began + (spec.startTimeoutMs ?? 60_000);
      let lastError: unknown;
      for (;;) {
        if (spawnError !== undefined) throw new Error(`${spec.name}: ${spawnError.message}`);
        if (exited(proc)) {
          throw new Error(
            `${spec.name} exited (${String(proc.exitCode ?? proc.signalCode)}) before it was ready:\n${out.slice(-4000)}`,
          );
        }
        const ready = await spec.probe().then(
          (answer) => answer !== false,
          (err: unknown) => {
            lastError = err;
            return false;
          },
        );
        if (ready) return Date.now() - began;
        if (Date.now() > deadline) {
          signalGroup(proc, 'SIGKILL');
          await waitExit(proc);
          throw new Error(
            `${spec.name} not ready after ${Date.now() - began} ms (${String(lastError)}):\n${out.slice(-4000)}`,
          );
        }
        // Between two connection attempts only: readiness itself is decided by the probe.
        await delay(50);
      }
    },
    async stop() {
      const proc = child;
      if (proc === undefined || exited(proc)) return;
      const signal = spec.stopSignal ?? 'SIGTERM';
      if (spec.stopGroup === false) proc.kill(signal);
      else signalGroup(proc, signal);
      const timer = setTimeout(() => signalGroup(proc, 'SIGKILL'), 15_000);
      await waitExit(proc);
      // A wrapper script may exit before the server it started (RabbitMQ's sh before beam.smp):
      // the port is only free once the whole group is gone.
      while (groupAlive(proc)) await delay(50);
      clearTimeout(timer);
    },
    running: () => child !== undefined && !exited(child),
    output: () => out,
  };
}

/**
 * Starts `server` and returns it as a `TestBroker`: `stop`/`start` go to the server, `destroy` stops
 * it and then runs `cleanup` (remove the temp dir, stop epmd). A failed start runs `cleanup` too.
 */
export async function startTestBroker(
  server: ChildServer,
  address: { url: string; port: number },
  cleanup: () => Promise<void>,
): Promise<TestBroker> {
  try {
    const startMs = await server.start();
    return {
      ...address,
      startMs,
      stop: () => server.stop(),
      start: () => server.start(),
      async destroy() {
        await server.stop();
        await cleanup();
      },
      output: () => server.output(),
    };
  } catch (err) {
    await server.stop();
    await cleanup();
    throw err;
  }
}

/** Resolves true when a TCP connection to 127.0.0.1:`port` opens. */
export function tcpOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
