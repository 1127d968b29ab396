/**
 * One real engine process per tenant pool: `node packages/engine/dist/cli.js` on a free loopback
 * port with the pool's drives under the simulator's data dir and the tenant's root credentials.
 * Its output is kept (the tail) because it is what the pool's pods show as their log. The
 * simulator never imports the engine: it runs it, as a kubelet runs a container.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/** packages/engine/dist/cli.js, from src/operator/ or dist/operator/ of this package. */
export const ENGINE_CLI = fileURLToPath(new URL('../../../engine/dist/cli.js', import.meta.url));

/**
 * The engine's Node/V8 flags and environment (packages/engine/node-flags.json), as its #! line
 * and `npm start` have them.
 */
function engineRuntime(): { flags: string[]; env: Record<string, string> } {
  const file = fileURLToPath(new URL('../../../engine/node-flags.json', import.meta.url));
  if (!existsSync(file)) return { flags: [], env: {} };
  const runtime = JSON.parse(readFileSync(file, 'utf8')) as { flags: string[]; env?: Record<string, string> };
  return { flags: runtime.flags, env: runtime.env ?? {} };
}

const LOG_LIMIT = 256 * 1024;

export interface EngineSpec {
  dataDir: string;
  drives: number;
  parity: number;
  accessKey: string;
  secretKey: string;
  /** Seconds between the engine's usage scans. */
  scannerIntervalSeconds: number;
  /** Extra environment (the tenant's spec.env and config). */
  env: Record<string, string>;
}

async function freePort(): Promise<number> {
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

const delay = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Engines still running: killed when this process exits, so no test or demo leaves one behind. */
const live = new Set<ChildProcess>();
let exitHook = false;
function track(child: ChildProcess): void {
  live.add(child);
  child.once('exit', () => live.delete(child));
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => {
      for (const c of live) c.kill('SIGKILL');
    });
  }
}

export class EngineRunner {
  private child: ChildProcess | undefined;
  private log = '';
  private stopping = false;
  url = '';
  port = 0;
  startedAt = '';

  constructor(
    readonly spec: EngineSpec,
    private readonly cli: string = ENGINE_CLI,
  ) {}

  /** What the engine printed (the tail), with the root secret key masked: pod logs are no place for it. */
  output(): string {
    return this.log.split(this.spec.secretKey).join('********');
  }

  running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Start and wait until `/minio/health/live` answers 200; rejects with the output on failure. */
  async start(timeoutMs = 60_000): Promise<void> {
    if (!existsSync(this.cli)) {
      throw new Error(`the engine is not built (${this.cli} is missing): run \`npx tsc -b packages/engine\``);
    }
    await mkdir(this.spec.dataDir, { recursive: true });
    this.port = this.port === 0 ? await freePort() : this.port;
    this.url = `http://127.0.0.1:${this.port}`;
    const runtime = engineRuntime();
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...runtime.env,
      ...this.spec.env,
    };
    env.COFFER_ROOT_USER = this.spec.accessKey;
    env.COFFER_ROOT_PASSWORD = this.spec.secretKey;
    delete env.MINIO_ROOT_USER;
    delete env.MINIO_ROOT_PASSWORD;
    const args = [
      ...runtime.flags,
      this.cli,
      '--address',
      `127.0.0.1:${this.port}`,
      '--data',
      this.spec.dataDir,
      '--drives',
      String(this.spec.drives),
      '--parity',
      String(this.spec.parity),
      '--scanner-interval',
      String(this.spec.scannerIntervalSeconds),
    ];
    this.stopping = false;
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    track(child);
    this.startedAt = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const append = (chunk: Buffer): void => {
      this.log += chunk.toString('utf8');
      if (this.log.length > LOG_LIMIT) this.log = this.log.slice(-LOG_LIMIT / 2);
    };
    child.stdout?.on('data', append);
    child.stderr?.on('data', append);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running())
        throw new Error(`engine exited during start (code ${child.exitCode}):\n${this.log.slice(-4000)}`);
      try {
        const res = await fetch(`${this.url}/minio/health/live`, { signal: AbortSignal.timeout(2_000) });
        await res.arrayBuffer();
        if (res.status === 200) return;
      } catch {
        // not listening yet
      }
      await delay(100);
    }
    await this.stop();
    throw new Error(`engine not live after ${timeoutMs} ms:\n${this.log.slice(-4000)}`);
  }

  /** SIGTERM, SIGKILL after 10 s; resolves when the process is gone. */
  async stop(): Promise<void> {
    const child = this.child;
    this.stopping = true;
    if (child === undefined) return;
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(t);
    }
    this.child = undefined;
  }

  /** Whether the process ended without being asked to. */
  crashed(): boolean {
    return !this.stopping && this.child !== undefined && !this.running();
  }
}
