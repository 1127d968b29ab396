/**
 * A message broker from a Debian package run as a child process of the test (the RabbitMQ, Mosquitto
 * and NATS helpers beside this file build on it): one fixed loopback port for the whole test file,
 * so `stop()` then `start()` gives the outage tests the same server back on the same address and
 * data dir. Readiness is a real client connecting (`probe`), never a sleep. Each run gets its own
 * process group, so a wrapper script's children (RabbitMQ's `sh` → `beam.smp`) stop with it, and every
 * group still running when the test worker exits is SIGKILLed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/** One running test broker (RabbitMQ, Mosquitto, NATS). */
export interface TestBroker {
  /** The client URL (`amqp://guest:guest@127.0.0.1:PORT`, `tcp://…`, `127.0.0.1:PORT`). */
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

export interface BrokerChildOptions {
  /** Shown in errors: `rabbitmq-server`, `mosquitto`, `nats-server`. */
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Resolves once a client can use the server; rejects (or resolves false) while it cannot yet. */
  probe: () => Promise<boolean>;
  /** How long `start()` waits for the probe. Default 60 s. */
  startTimeoutMs?: number;
}

export interface BrokerChild {
  /** Starts the process and waits for the probe; resolves with how long that took (ms). */
  start(): Promise<number>;
  /** SIGTERM to the group, SIGKILL after 10 s; resolves once the process is gone. */
  stop(): Promise<void>;
  running(): boolean;
  /** What the current run printed, for failure messages. */
  output(): string;
}

const live = new Set<ChildProcess>();
let exitHook = false;

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
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

/** A broker process controller; nothing runs until `start()`. */
export function brokerChild(options: BrokerChildOptions): BrokerChild {
  let child: ChildProcess | undefined;
  let out = '';

  return {
    async start() {
      if (child !== undefined && !exited(child)) throw new Error(`${options.name} is already running`);
      out = '';
      const began = Date.now();
      const proc = spawn(options.command, options.args, {
        env: options.env ?? process.env,
        cwd: options.cwd,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      live.add(proc);
      proc.once('exit', () => live.delete(proc));
      if (!exitHook) {
        exitHook = true;
        process.once('exit', () => {
          for (const c of live) killGroup(c, 'SIGKILL');
        });
      }
      const keep = (chunk: Buffer): void => {
        // Bounded: a chatty broker must not grow the test's memory without end.
        out = (out + chunk.toString('utf8')).slice(-20_000);
      };
      proc.stdout?.on('data', keep);
      proc.stderr?.on('data', keep);
      let spawnError: Error | undefined;
      proc.once('error', (err) => (spawnError = err));

      const deadline = began + (options.startTimeoutMs ?? 60_000);
      for (;;) {
        if (spawnError !== undefined) throw new Error(`${options.name}: ${spawnError.message}`);
        if (exited(proc)) {
          throw new Error(
            `${options.name} exited during start (code ${String(proc.exitCode)}):\n${out.slice(-4000)}`,
          );
        }
        const ready = await options.probe().catch(() => false);
        if (ready) return Date.now() - began;
        if (Date.now() > deadline) {
          killGroup(proc, 'SIGKILL');
          await waitExit(proc);
          throw new Error(`${options.name} not ready after ${Date.now() - began} ms:\n${out.slice(-4000)}`);
        }
        // Between two connection attempts only: readiness itself is decided by the probe.
        await delay(100);
      }
    },
    async stop() {
      const proc = child;
      if (proc === undefined || exited(proc)) return;
      killGroup(proc, 'SIGTERM');
      const timer = setTimeout(() => killGroup(proc, 'SIGKILL'), 10_000);
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
