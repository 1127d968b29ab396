/**
 * Driving third-party S3 command-line clients (awscli, s3cmd, rclone) against an engine, and the
 * payload helpers every client test shares.
 *
 * Each client gets its configuration in a temp dir of its own (never the user's ~/.aws, ~/.s3cfg
 * or rclone.conf), path-style addressing, SigV4, region us-east-1, as
 * shared/reference/real-clients.md prescribes. `run()` executes a command without a shell and
 * rejects with the command line, exit code and both outputs when it fails, so a failing client
 * call reads as the request that failed.
 */
import { execFile as execFileCb } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { constants as fsConstants } from 'node:fs';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Default 120 s. */
  timeoutMs?: number;
  /** Resolve with a non-zero exit instead of rejecting. */
  allowFailure?: boolean;
}

/** Runs `file args` (no shell); rejects on a non-zero exit unless `allowFailure`. */
export function run(file: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    execFileCb(
      file,
      args,
      {
        env: options.env ?? process.env,
        cwd: options.cwd,
        timeout: options.timeoutMs ?? 120_000,
        maxBuffer: 64 << 20,
        killSignal: 'SIGKILL',
      },
      (err, stdout, stderr) => {
        const code = err === null ? 0 : typeof err.code === 'number' ? err.code : -1;
        const result = { code, stdout: String(stdout), stderr: String(stderr) };
        if (err !== null && !options.allowFailure) {
          const killed = err.killed ? ' (killed: timeout)' : '';
          reject(
            new Error(
              `${file} ${args.join(' ')} exited with ${code}${killed}\n--- stdout\n${result.stdout.slice(-6000)}\n--- stderr\n${result.stderr.slice(-6000)}`,
            ),
          );
          return;
        }
        resolve(result);
      },
    );
  });
}

export function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Writes `size` random bytes to `file` (creating parent dirs) and returns their sha256. */
export async function writeRandomFile(file: string, size: number): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  const data = randomBytes(size);
  await writeFile(file, data);
  return sha256(data);
}

/** Reads a whole web stream / fetch body into a Buffer. */
export async function fetchBytes(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: Buffer; headers: Headers }> {
  const res = await fetch(url, init);
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, body, headers: res.headers };
}

/** A bucket name unique enough for one engine instance, valid for S3 (lower case, 3–63 chars). */
export function bucketName(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

async function isExecutable(p: string): Promise<boolean> {
  try {
    await access(p, fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export interface AwsCli {
  /** The executable as found on PATH. */
  path: string;
  /** First line of `aws --version`, e.g. `aws-cli/2.9.19 Python/3.11.2 …`. */
  version: string;
}

/**
 * Every distinct `aws` on PATH (plus Debian's /usr/bin/aws): the machines may hold a
 * Python-installed awscli 1.x ahead of Debian's 2.9 (real-clients.md) and both must work. Entries
 * resolving to the same file or reporting the same version are one client.
 */
export async function findAwsClis(env: NodeJS.ProcessEnv = process.env): Promise<AwsCli[]> {
  const candidates = (env.PATH ?? '')
    .split(path.delimiter)
    .filter((d) => d !== '')
    .map((d) => path.join(d, 'aws'));
  candidates.push('/usr/bin/aws');
  const seenFiles = new Set<string>();
  const seenVersions = new Set<string>();
  const found: AwsCli[] = [];
  for (const c of candidates) {
    if (!(await isExecutable(c))) continue;
    const real = await realpath(c);
    if (seenFiles.has(real)) continue;
    seenFiles.add(real);
    const r = await run(c, ['--version'], { allowFailure: true, env });
    const version =
      `${r.stdout}\n${r.stderr}`
        .split('\n')
        .find((l) => l.trim() !== '')
        ?.trim() ?? '';
    if (r.code !== 0 || version === '' || seenVersions.has(version)) continue;
    seenVersions.add(version);
    found.push({ path: c, version });
  }
  return found;
}

export interface EngineEndpoint {
  url: string;
  accessKey: string;
  secretKey: string;
}

/**
 * awscli configuration in `dir`: a config file with path-style addressing and the multipart
 * threshold/chunk size given, an empty credentials file, and the environment that points at them
 * with the keys in AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY.
 */
export async function awsEnv(
  dir: string,
  engine: EngineEndpoint,
  s3Settings: Record<string, string> = {},
): Promise<NodeJS.ProcessEnv> {
  await mkdir(dir, { recursive: true });
  const config = path.join(dir, 'aws-config');
  const credentials = path.join(dir, 'aws-credentials');
  const s3Lines = Object.entries({ addressing_style: 'path', ...s3Settings })
    .map(([k, v]) => `    ${k} = ${v}`)
    .join('\n');
  await writeFile(config, `[default]\nregion = us-east-1\ns3 =\n${s3Lines}\n`);
  await writeFile(credentials, '');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    AWS_ACCESS_KEY_ID: engine.accessKey,
    AWS_SECRET_ACCESS_KEY: engine.secretKey,
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_REGION: 'us-east-1',
    AWS_CONFIG_FILE: config,
    AWS_SHARED_CREDENTIALS_FILE: credentials,
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_PAGER: '',
  };
  // Anything inherited that would change which identity or endpoint is used.
  delete env.AWS_SESSION_TOKEN;
  delete env.AWS_PROFILE;
  delete env.AWS_ENDPOINT_URL;
  delete env.AWS_ENDPOINT_URL_S3;
  return env;
}

/** s3cmd config file (`-c FILE`) as real-clients.md gives it. */
export async function s3cmdConfig(dir: string, engine: EngineEndpoint): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 's3cmd.cfg');
  const hostPort = new URL(engine.url).host;
  await writeFile(
    file,
    [
      '[default]',
      `access_key = ${engine.accessKey}`,
      `secret_key = ${engine.secretKey}`,
      `host_base = ${hostPort}`,
      `host_bucket = ${hostPort}`,
      'use_https = False',
      'signature_v2 = False',
      'bucket_location = us-east-1',
      'check_ssl_certificate = False',
      'progress_meter = False',
      '',
    ].join('\n'),
  );
  return file;
}

/** rclone config file with one remote named `remote`; returns the file and the env to run rclone in. */
export async function rcloneConfig(
  dir: string,
  engine: EngineEndpoint,
): Promise<{ file: string; env: NodeJS.ProcessEnv }> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'rclone.conf');
  await writeFile(
    file,
    [
      '[remote]',
      'type = s3',
      'provider = Other',
      `access_key_id = ${engine.accessKey}`,
      `secret_access_key = ${engine.secretKey}`,
      `endpoint = ${engine.url}`,
      'region = us-east-1',
      'force_path_style = true',
      '',
    ].join('\n'),
  );
  const env: NodeJS.ProcessEnv = { ...process.env, RCLONE_CONFIG: file };
  // rclone 1.60 fails every call while AWS_CA_BUNDLE is set (real-clients.md).
  delete env.AWS_CA_BUNDLE;
  return { file, env };
}
