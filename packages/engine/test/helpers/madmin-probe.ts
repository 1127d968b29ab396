/**
 * Builds and runs `test/madmin/` (main.go and iam.go), the madmin-go probe (MinIO's own Go admin
 * SDK as Debian packages it), against an engine.
 *
 * The build is GOPATH mode with Debian's sources only (`GO111MODULE=off`,
 * `GOPATH=<tmp>:/usr/share/gocode`, `GOPROXY=off`): nothing is downloaded. The binary is cached as
 * `.tmp/madmin-probe-<sha256 of the Go sources and go version>` so later runs skip the ~5 s compile.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './engine-process.js';
import { run, type EngineEndpoint } from './clients.js';

const GOCODE = '/usr/share/gocode';
const SOURCE_DIR = path.join(REPO_ROOT, 'packages/engine/test/madmin');

/** Returns the path of a built probe binary, compiling it if the cache has none for this source. */
export async function buildMadminProbe(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of (await readdir(SOURCE_DIR)).filter((f) => f.endsWith('.go')).sort()) {
    hash.update(file).update(await readFile(path.join(SOURCE_DIR, file)));
  }
  const goVersion = (await run('go', ['version'])).stdout.trim();
  const key = hash.update(goVersion).digest('hex').slice(0, 16);
  const cacheDir = path.join(REPO_ROOT, '.tmp');
  const binary = path.join(cacheDir, `madmin-probe-${key}`);
  if (existsSync(binary)) return binary;

  await mkdir(cacheDir, { recursive: true });
  const gopath = await mkdtemp(path.join(os.tmpdir(), 'coffer-gopath-'));
  try {
    const tmpOut = path.join(gopath, 'madmin-probe');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      GO111MODULE: 'off',
      GOPATH: `${gopath}${path.delimiter}${GOCODE}`,
      GOPROXY: 'off',
      GOFLAGS: '',
      GOCACHE: path.join(cacheDir, 'go-build-cache'),
    };
    await run('go', ['build', '-o', tmpOut, '.'], { cwd: SOURCE_DIR, env, timeoutMs: 300_000 });
    // Rename into place so a concurrent or interrupted build never leaves a half-written binary.
    await rename(tmpOut, binary);
  } finally {
    await rm(gopath, { recursive: true, force: true });
  }
  return binary;
}

/**
 * Runs `probe info|heal|iam|kms|quota|config|trace|healthinfo|replication` against the engine, with `extraEnv` on top (e.g. the
 * MADMIN_KMS_KEY or MADMIN_BUCKET a command reads); resolves with the parsed JSON and the exit code.
 */
export async function runMadminProbe(
  binary: string,
  command: 'info' | 'heal' | 'iam' | 'kms' | 'quota' | 'config' | 'trace' | 'healthinfo' | 'replication',
  engine: EngineEndpoint,
  extraEnv: Record<string, string> = {},
): Promise<{ code: number; report: Record<string, unknown>; stderr: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    MADMIN_ENDPOINT: new URL(engine.url).host,
    MADMIN_ACCESS_KEY: engine.accessKey,
    MADMIN_SECRET_KEY: engine.secretKey,
    ...extraEnv,
  };
  const r = await run(binary, [command], { env, allowFailure: true, timeoutMs: 150_000 });
  let report: Record<string, unknown>;
  try {
    report = JSON.parse(r.stdout) as Record<string, unknown>;
  } catch {
    throw new Error(`madmin-probe ${command} printed no JSON (exit ${r.code}):\n${r.stdout}\n${r.stderr}`);
  }
  return { code: r.code, report, stderr: r.stderr };
}

/** One step of the `kms` and `quota` commands' report: whether the call worked, its error code or value. */
export interface ProbeStep {
  ok: boolean;
  code?: string;
  value?: unknown;
}

/** The steps of a `kms` or `quota` report, by the madmin call's name. */
export function probeSteps(report: Record<string, unknown>): Record<string, ProbeStep> {
  return (report as { steps: Record<string, ProbeStep> }).steps;
}
