// Starting and stopping the three servers as child processes: the engine's CLI, s3rver and the raw
// server. Each runs in its own process so the benchmark client never shares its event loop, and
// the harness can read the server's CPU time from /proc around each timed pass.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const ROOT_USER = 'benchadmin';
export const ROOT_PASSWORD = 'benchadmin-secret-key';

/** A port that was free a moment ago (listen on 0, read it, close). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Status code of a GET, or 0 when nothing answered. */
function probe(url) {
  return new Promise((resolve) => {
    const req = httpRequest(url, { method: 'GET', timeout: 2000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end();
  });
}

/** User + system CPU seconds of a process so far (Linux /proc), or NaN elsewhere. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[11]) + Number(rest[12])) / 100;
  } catch {
    return NaN;
  }
}

/** Busy CPU seconds of the whole machine so far (Linux /proc/stat: all but idle and iowait). */
export function machineBusySeconds() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n', 1)[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    return (total - (fields[3] ?? 0) - (fields[4] ?? 0)) / 100;
  } catch {
    return NaN;
  }
}

/**
 * Start one server. kind: 'engine' | 's3rver' | 'raw'. Resolves once its health URL answers
 * (engine: 200 from /minio/health/live; others: any HTTP answer).
 */
export async function startServer(kind, { repoRoot, dataDir, profileDir, extraEnv = {} }) {
  const port = await freePort();
  const node = process.execPath;
  const profileName = `${kind}-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`;
  const profArgs = profileDir
    ? ['--cpu-prof', '--cpu-prof-dir', profileDir, '--cpu-prof-name', profileName]
    : [];
  let args;
  /** The engine's environment from node-flags.json (malloc tunables), as its #! line sets it. */
  let engineEnv = {};
  let health;
  let accessKey;
  let secretKey;
  if (kind === 'engine') {
    const cli = join(repoRoot, 'packages/engine/dist/cli.js');
    if (!existsSync(cli)) throw new Error(`engine not built: ${cli} is missing`);
    // The engine's Node/V8 flags, as `npm start` and its #! line run it (a build that predates the
    // list runs without: an older worktree's engine is measured as it was started then).
    const flagsFile = join(repoRoot, 'packages/engine/node-flags.json');
    const runtime = existsSync(flagsFile) ? JSON.parse(readFileSync(flagsFile, 'utf8')) : {};
    const nodeFlags = runtime.flags ?? [];
    engineEnv = runtime.env ?? {};
    args = [
      ...nodeFlags,
      ...profArgs,
      cli,
      '--address',
      `127.0.0.1:${port}`,
      '--data',
      dataDir,
      '--drives',
      '4',
    ];
    health = '/minio/health/live';
    accessKey = ROOT_USER;
    secretKey = ROOT_PASSWORD;
  } else if (kind === 's3rver') {
    // s3rver makes ListObjectsV2 continuation tokens with DES, which OpenSSL 3 keeps in its legacy
    // provider: without the flag every truncated listing answers 500.
    args = [
      '--openssl-legacy-provider',
      ...profArgs,
      join(repoRoot, 'bench/servers/s3rver-server.mjs'),
      String(port),
      dataDir,
    ];
    health = '/';
    accessKey = 'S3RVER';
    secretKey = 'S3RVER';
  } else if (kind === 'raw') {
    args = [...profArgs, join(repoRoot, 'bench/servers/raw-server.mjs'), String(port), dataDir];
    health = '/';
    accessKey = 'raw';
    secretKey = 'raw';
  } else {
    throw new Error(`unknown server kind ${kind}`);
  }
  const child = spawn(node, args, {
    cwd: repoRoot,
    env: {
      // The engine runs as `npm start` runs it (scripts/start.mjs): libuv's pool of 16 threads,
      // where its shard writes and fsyncs run (4 by default, which concurrent large PUTs' flushes
      // fill). The raw server and s3rver keep Node's defaults: the raw limit stays what it was.
      ...(kind === 'engine' ? { UV_THREADPOOL_SIZE: '16', ...engineEnv } : {}),
      ...process.env,
      COFFER_ROOT_USER: ROOT_USER,
      COFFER_ROOT_PASSWORD: ROOT_PASSWORD,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = false;
  const exit = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      exited = true;
      resolve(code ?? signal);
    }),
  );
  const endpoint = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (exited) throw new Error(`${kind} exited during start-up:\n${output}`);
    const status = await probe(endpoint + health);
    if (kind === 'engine' ? status === 200 : status > 0) break;
    if (Date.now() - started > 120_000) {
      child.kill('SIGKILL');
      throw new Error(`${kind} did not become healthy in 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    kind,
    endpoint,
    pid: child.pid,
    accessKey,
    secretKey,
    startMs: Date.now() - started,
    profile: profileDir ? join(profileDir, profileName) : undefined,
    output: () => output,
    cpuSeconds: () => cpuSeconds(child.pid),
    /** SIGTERM, then SIGKILL after 15 s (a profile is written only on a clean exit). */
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exit;
      clearTimeout(timer);
    },
  };
}

/**
 * Wait until the server's process is idle (under 5% of a core over a second), at most
 * `maxSeconds`: background work after start-up (the engine's first data-usage scan, index warm-up)
 * must not land inside a timed pass. Resolves to the seconds waited.
 */
export async function waitIdle(server, maxSeconds = 120) {
  const start = Date.now();
  let last = server.cpuSeconds();
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = server.cpuSeconds();
    if (!(now - last > 0.05) || Date.now() - start > maxSeconds * 1000) return (Date.now() - start) / 1000;
    last = now;
  }
}

/** CPU nanoseconds per thread name of a process (all its threads, from schedstat). */
export function threadCpu(pid) {
  const out = new Map();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      const comm = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      // libuv's pool threads and V8's helpers are numbered; group them by kind.
      const group = tid === String(pid) ? 'main' : comm.replace(/[-_ ]?\d+$/, '');
      out.set(group, (out.get(group) ?? 0) + ns);
    } catch {
      // the thread exited between the listing and the read
    }
  }
  return out;
}
