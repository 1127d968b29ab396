/**
 * The real stack for browser tests: the engine (`packages/engine/dist/cli.js`, 4 drives in a temp
 * directory, fixed root credentials) and the console server (`packages/server/dist/main.js`
 * pointing at it and serving `packages/web/dist`), each a child process on a free loopback port.
 * The console can be stopped and started again on the same port (the unreachable-backend test).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONSOLE_MAIN, ENGINE_CLI, ROOT, WEB_DIST } from './paths.js';

export const ROOT_USER = 'e2e-admin';
export const ROOT_PASSWORD = 'e2e-secret-password';

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Running {
  child: ChildProcess;
  output: string[];
}

export function startProcess(name: string, args: string[], env: Record<string, string>): Running {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', (code, signal) => output.push(`[${name} exited: ${code ?? signal}]`));
  return { child, output };
}

/** Polls `url` until it answers (any HTTP status below 500), or fails with the process output. */
export async function waitUntilServing(url: string, running: Running, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) break;
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not start:\n${running.output.join('')}`);
}

export async function stopProcess(running: Running | undefined): Promise<void> {
  if (running === undefined || running.child.exitCode !== null) return;
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  running.child.kill('SIGTERM');
  const timer = setTimeout(() => running.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export interface Stack {
  consoleUrl: string;
  engineUrl: string;
  dataDir: string;
  stopConsole(): Promise<void>;
  startConsole(): Promise<void>;
  /** What the console server printed so far (its log lines). */
  consoleOutput(): string;
  stop(): Promise<void>;
}

export interface StackOptions {
  /** Serve the console under this sub-path (`--base-path`), e.g. '/console'. */
  basePath?: string;
  /** More console flags, e.g. `['--upload-part-size', '5MiB']`. */
  consoleArgs?: readonly string[];
  /**
   * Wire the engine's audit_webhook target 'coffer' to the console's audit log, as `npm start`
   * does (the console's token in COFFER_AUDIT_TOKEN, the engine's in its environment).
   */
  auditLog?: boolean;
  /** More engine flags, e.g. `['--drive-check-interval', '3600']`. */
  engineArgs?: readonly string[];
  /** More engine environment, e.g. `{ COFFER_ILM_DAY_SECONDS: '1' }` or MINIO_IDENTITY_OPENID_* configuration. */
  engineEnv?: Readonly<Record<string, string>>;
  /** More console environment, e.g. CONSOLE_IDP_SECRET. */
  consoleEnv?: Record<string, string>;
  /** The console's port, when something must know it first (an identity provider's redirect URI). */
  consolePort?: number;
}

/** The audit token of stacks started with `auditLog`. */
const AUDIT_TOKEN = 'e2e-audit-token-0123456789';

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'coffer-e2e-'));
  const enginePort = await freePort();
  const consolePort = options.consolePort ?? (await freePort());
  const engineUrl = `http://127.0.0.1:${enginePort}`;
  const consoleUrl = `http://127.0.0.1:${consolePort}${options.basePath ?? ''}`;

  // The engine's Node flags and environment, as `npm start` and its #! line give them.
  const runtime = JSON.parse(readFileSync(join(ROOT, 'packages/engine/node-flags.json'), 'utf8')) as {
    flags: string[];
    env?: Record<string, string>;
  };
  const engine = startProcess(
    'engine',
    [
      ...runtime.flags,
      ENGINE_CLI,
      '--address',
      `127.0.0.1:${enginePort}`,
      '--data',
      join(dataDir, 'engine'),
      '--drives',
      '4',
      ...(options.engineArgs ?? []),
    ],
    {
      ...runtime.env,
      COFFER_ROOT_USER: ROOT_USER,
      COFFER_ROOT_PASSWORD: ROOT_PASSWORD,
      ...options.engineEnv,
      ...(options.auditLog === true
        ? {
            MINIO_AUDIT_WEBHOOK_ENABLE_COFFER: 'on',
            MINIO_AUDIT_WEBHOOK_ENDPOINT_COFFER: `${consoleUrl}/api/v1/logs/audit`,
            MINIO_AUDIT_WEBHOOK_AUTH_TOKEN_COFFER: AUDIT_TOKEN,
          }
        : {}),
    },
  );
  await waitUntilServing(`${engineUrl}/minio/health/live`, engine, 'the engine');

  let console: Running | undefined;
  const startConsole = async () => {
    console = startProcess(
      'console',
      [
        CONSOLE_MAIN,
        '--address',
        `127.0.0.1:${consolePort}`,
        '--server',
        engineUrl,
        '--data',
        join(dataDir, 'console'),
        '--web-dir',
        WEB_DIST,
        ...(options.basePath === undefined ? [] : ['--base-path', options.basePath]),
        ...(options.consoleArgs ?? []),
      ],
      { ...options.consoleEnv, ...(options.auditLog === true ? { COFFER_AUDIT_TOKEN: AUDIT_TOKEN } : {}) },
    );
    await waitUntilServing(`${consoleUrl}/api/v1/login`, console, 'the console server');
  };
  await startConsole();

  return {
    consoleUrl,
    engineUrl,
    dataDir,
    startConsole,
    stopConsole: () => stopProcess(console),
    consoleOutput: () => console?.output.join('') ?? '',
    async stop() {
      await stopProcess(console);
      await stopProcess(engine);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
