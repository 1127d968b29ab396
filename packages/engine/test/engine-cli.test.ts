/**
 * The `coffer-engine` command line as a child process (`node packages/engine/dist/cli.js`): what
 * it prints at start (URL, credentials and where generated ones are kept, drive layout), the
 * credentials file it creates (mode 0600, reused at the next start), graceful SIGTERM, and the
 * clear one-line errors — exit status 1, no stack trace — for a busy port, a drive path that is a
 * file, a drive that is not writable and a drive that belongs to another deployment.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openObjectLayer } from '../src/object-layer/index.js';
import { ENGINE_CLI, REPO_ROOT, ensureEngineBuilt, freePort } from './helpers/engine-process.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment without any root credentials, so the engine has to generate them. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['COFFER_ROOT_USER', 'COFFER_ROOT_PASSWORD', 'MINIO_ROOT_USER', 'MINIO_ROOT_PASSWORD'])
    delete env[name];
  return env;
}

/** Run the CLI to completion (for start failures and --help). */
function runCli(args: string[], options: { uid?: number; gid?: number } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ENGINE_CLI, ...args], {
      cwd: REPO_ROOT,
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
      ...options,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Start the CLI, wait for its banner, return what it printed; stop it with SIGTERM afterwards. */
async function startCli(args: string[]): Promise<{ banner: string; stop: () => Promise<Run> }> {
  const child = spawn(process.execPath, [ENGINE_CLI, ...args], {
    cwd: REPO_ROOT,
    env: cleanEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  // A signal death shows as 128 + signal number, as a shell would report it.
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) =>
      resolve(signal === null ? code : 128 + (constants.signals[signal] ?? 0)),
    ),
  );
  const banner = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner within 60 s:\n${stdout}\n${stderr}`)), 60_000);
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      if (stdout.includes('Press Ctrl+C to stop.')) {
        clearTimeout(timer);
        resolve(stdout);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`engine exited (${code}) before its banner:\n${stdout}\n${stderr}`));
    });
  });
  return {
    banner,
    stop: async () => {
      child.kill('SIGTERM');
      const code = await exited;
      return { code, stdout, stderr };
    },
  };
}

function field(banner: string, label: string): string {
  const m = new RegExp(`^\\s*${label}:\\s+(.+)$`, 'm').exec(banner);
  if (!m?.[1]) throw new Error(`no '${label}' in:\n${banner}`);
  return m[1].trim();
}

/** A failed start: exit 1, one clear message on stderr, no stack trace. */
function expectCleanFailure(run: Run, message: RegExp): void {
  expect(run.code, run.stderr).toBe(1);
  expect(run.stderr).toMatch(message);
  expect(run.stderr).not.toMatch(/^\s+at /m);
}

let dir: string;
beforeAll(async () => {
  await ensureEngineBuilt();
  dir = await mkdtemp(join(tmpdir(), 'coffer-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('coffer-engine CLI', () => {
  it('prints usage for --help and refuses unknown options', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: coffer-engine');
    const bad = await runCli(['--no-such-option']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Unknown option '--no-such-option'/);
  });

  it('starts with generated credentials kept in a 0600 file, and reuses them', async () => {
    const data = join(dir, 'fresh');
    const port = await freePort();
    const first = await startCli(['--address', `127.0.0.1:${port}`, '--data', data, '--drives', '4']);
    expect(field(first.banner, 'S3 endpoint')).toBe(`http://127.0.0.1:${port}`);
    const accessKey = field(first.banner, 'Access key');
    const secretKey = field(first.banner, 'Secret key');
    expect(accessKey).toMatch(/^[A-Z0-9]{20}$/);
    expect(secretKey).toMatch(/^[A-Za-z0-9]{40}$/);
    const file = join(data, '.coffer-credentials.json');
    expect(field(first.banner, 'Credentials')).toBe(`generated now and stored in ${file} (mode 0600)`);
    expect(field(first.banner, 'Drives')).toBe('4 (erasure coded: 2 data + 2 parity)');
    for (let i = 1; i <= 4; i++) expect(first.banner).toContain(join(data, `drive${i}`));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ accessKey, secretKey });

    const live = await fetch(`http://127.0.0.1:${port}/minio/health/live`);
    expect(live.status).toBe(200);
    const stopped = await first.stop();
    expect(stopped.code).toBe(0);

    const second = await startCli(['--address', `127.0.0.1:${port}`, '--data', data]);
    expect(field(second.banner, 'Access key')).toBe(accessKey);
    expect(field(second.banner, 'Credentials')).toBe(`generated at first start, read from ${file}`);
    expect((await second.stop()).code).toBe(0);
  });

  it('explains a busy port', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const run = await runCli(['--address', `127.0.0.1:${port}`, '--data', join(dir, 'busy')]);
      expectCleanFailure(
        run,
        new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use \\(EADDRINUSE\\)`),
      );
    } finally {
      blocker.close();
    }
  });

  it('explains a drive path that is a file', async () => {
    const base = join(dir, 'file-drive');
    await mkdir(base, { recursive: true });
    const file = join(base, 'drive2');
    await writeFile(file, 'not a directory');
    const drives = [1, 2, 3, 4].flatMap((i) => ['--drive', join(base, `drive${i}`)]);
    const run = await runCli(['--address', '127.0.0.1:0', ...drives]);
    expectCleanFailure(
      run,
      new RegExp(`drive ${file.replace(/[/\\.]/g, '\\$&')} exists but is not a directory`),
    );
  });

  it('explains a drive that is not writable', async () => {
    const base = join(dir, 'readonly');
    const drives = [1, 2, 3, 4].map((i) => join(base, `drive${i}`));
    for (const d of drives) await mkdir(d, { recursive: true });
    await chmod(dir, 0o755);
    await chmod(base, 0o777);
    await chmod(drives[2] ?? '', 0o555);
    // Root writes anywhere: run the engine as `nobody` then, so the permission bits count.
    const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    for (const d of drives) if (d !== drives[2]) await chmod(d, 0o777);
    const run = await runCli(
      ['--address', '127.0.0.1:0', '--data', base, ...drives.flatMap((d) => ['--drive', d])],
      asNobody,
    );
    expectCleanFailure(run, /drive3/);
    expect(run.stderr).toMatch(/writ|permission|EACCES/i);
  });

  it('explains a drive that belongs to another deployment', async () => {
    const a = [1, 2, 3, 4].map((i) => join(dir, 'deploy-a', `drive${i}`));
    const b = [1, 2, 3, 4].map((i) => join(dir, 'deploy-b', `drive${i}`));
    for (const set of [a, b]) {
      for (const d of set) await mkdir(d, { recursive: true });
      const { layer } = await openObjectLayer({ drives: set });
      await layer.close();
    }
    const mixed = [a[0], a[1], a[2], b[3]].flatMap((d) => ['--drive', d ?? '']);
    const run = await runCli(['--address', '127.0.0.1:0', '--data', join(dir, 'deploy-a'), ...mixed]);
    expectCleanFailure(run, /deployment/i);
    expect(run.stderr).toContain(b[3]);
  });
});
