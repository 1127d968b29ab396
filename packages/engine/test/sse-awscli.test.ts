/**
 * Encryption at rest driven by awscli (every flavour on the machine): `s3 cp --sse AES256` of a
 * file large enough for a multipart upload and `--sse-c` with a customer key file, read back
 * byte-identical; the object's SSE fields as `s3api head-object` reports them.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awsEnv, findAwsClis, run, sha256File, writeRandomFile, type AwsCli } from './helpers/clients.js';
import { startHttpEngine, type HttpEngine } from './helpers/http-engine.js';
import { requireSystemDeps } from './helpers/system-deps.js';

const ACCESS_KEY = 'COFFERTESTROOTKEYSSE2';
const SECRET_KEY = 'coffer-test-root-secret-key-sse-awscli-01';
const MiB = 1024 * 1024;

await requireSystemDeps(['aws']);
const clis: AwsCli[] = await findAwsClis();

let engine: HttpEngine | undefined;
let work: string;

beforeAll(async () => {
  engine = await startHttpEngine({ name: 'sse-awscli', accessKey: ACCESS_KEY, secretKey: SECRET_KEY });
  work = await mkdtemp(path.join(os.tmpdir(), 'coffer-sse-awscli-'));
});

afterAll(async () => {
  await engine?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

it('finds at least one aws command line', () => {
  expect(clis.length).toBeGreaterThan(0);
});

describe.each(clis.map((c, i) => [c.version, c, i] as const))('%s', (_version, cli, index) => {
  let env: NodeJS.ProcessEnv;
  let dir: string;
  const bucket = `sse-awscli-${index}`;
  const url = (): string => `http://127.0.0.1:${engine?.port ?? 0}`;
  const aws = (...args: string[]) =>
    run(cli.path, ['--endpoint-url', url(), ...args], { env, timeoutMs: 240_000 });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(work, 'cli-'));
    env = await awsEnv(
      path.join(dir, 'config'),
      { url: url(), accessKey: ACCESS_KEY, secretKey: SECRET_KEY },
      { multipart_threshold: '8MB', multipart_chunksize: '8MB', signature_version: 's3v4' },
    );
    await aws('s3', 'mb', `s3://${bucket}`);
  });

  it('cp --sse AES256 (multipart) and back, byte-identical, reported as AES256', async () => {
    const file = path.join(dir, 'up.bin');
    const hash = await writeRandomFile(file, 20 * MiB + 5);
    await aws('s3', 'cp', '--no-progress', '--sse', 'AES256', file, `s3://${bucket}/sse-s3.bin`);
    const head = JSON.parse(
      (await aws('s3api', 'head-object', '--bucket', bucket, '--key', 'sse-s3.bin', '--output', 'json'))
        .stdout,
    ) as Record<string, unknown>;
    expect(head.ServerSideEncryption).toBe('AES256');
    expect(head.ContentLength).toBe(20 * MiB + 5);
    const down = path.join(dir, 'down.bin');
    await aws('s3', 'cp', '--no-progress', `s3://${bucket}/sse-s3.bin`, down);
    expect(await sha256File(down)).toBe(hash);
  });

  it('cp --sse-c with a key file, and the download needs the key', async () => {
    const file = path.join(dir, 'secret.bin');
    const hash = await writeRandomFile(file, 3 * MiB + 17);
    const keyFile = path.join(dir, 'key.bin');
    await writeFile(keyFile, randomBytes(32));
    const sseC = ['--sse-c', 'AES256', '--sse-c-key', `fileb://${keyFile}`];
    await aws('s3', 'cp', '--no-progress', ...sseC, file, `s3://${bucket}/sse-c.bin`);
    const down = path.join(dir, 'secret-down.bin');
    await aws('s3', 'cp', '--no-progress', ...sseC, `s3://${bucket}/sse-c.bin`, down);
    expect(await sha256File(down)).toBe(hash);
    const refused = await run(
      cli.path,
      ['--endpoint-url', url(), 's3', 'cp', `s3://${bucket}/sse-c.bin`, down],
      {
        env,
        allowFailure: true,
      },
    );
    expect(refused.code).not.toBe(0);
    // HeadObject without the key: 400 (awscli shows HEAD errors by status only).
    expect(refused.stderr).toContain('(400)');
  });
});
