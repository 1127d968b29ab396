/**
 * awscli against a running engine process: high-level `s3` commands (mb, cp with multipart, ls,
 * sync, rm, presign) and `s3api` versioning calls, with every byte checked by sha256.
 *
 * The suite runs once per distinct `aws` on the machine: a pip-installed awscli 1.x (botocore 1.43
 * sends `x-amz-checksum-crc32` on PutObject) and Debian's awscli 2.9 (Content-MD5, hex
 * x-amz-content-sha256) exercise different signing and checksum paths of the engine.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  awsEnv,
  bucketName,
  fetchBytes,
  findAwsClis,
  run,
  sha256,
  sha256File,
  writeRandomFile,
  type AwsCli,
} from './helpers/clients.js';
import { startEngine, type EngineProcess } from './helpers/engine-process.js';
import { requireSystemDeps } from './helpers/system-deps.js';

const MiB = 1024 * 1024;

await requireSystemDeps(['aws']);
const clis: AwsCli[] = await findAwsClis();

let engine: EngineProcess;
let work: string;

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  work = await mkdtemp(path.join(os.tmpdir(), 'coffer-awscli-'));
});

afterAll(async () => {
  await engine?.destroy();
  if (work) await rm(work, { recursive: true, force: true });
});

it('finds at least one aws command line', () => {
  expect(clis.length).toBeGreaterThan(0);
});

/** Lists every file under `dir` (relative paths, `/`-separated) with its sha256. */
async function treeHashes(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath, e.name);
    out[path.relative(dir, full).split(path.sep).join('/')] = await sha256File(full);
  }
  return out;
}

describe.each(clis.map((c) => [c.version, c] as const))('%s', (_version, cli) => {
  let env: NodeJS.ProcessEnv;
  let dir: string;
  const bucket = bucketName('awscli');

  /** `aws --endpoint-url URL ...args` with this flavour and config; rejects on a non-zero exit. */
  const aws = (...args: string[]) =>
    run(cli.path, ['--endpoint-url', engine.url, ...args], { env, timeoutMs: 240_000 });
  const s3api = async (...args: string[]): Promise<Record<string, unknown>> => {
    const r = await aws('s3api', ...args, '--output', 'json');
    return r.stdout.trim() === '' ? {} : (JSON.parse(r.stdout) as Record<string, unknown>);
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(work, 'cli-'));
    // 8 MiB parts so the 65 MiB file goes up in 9 parts.
    // signature_version: awscli 1.x presigns with SigV2 unless told (see the SigV2 test below).
    env = await awsEnv(path.join(dir, 'config'), engine, {
      multipart_threshold: '8MB',
      multipart_chunksize: '8MB',
      signature_version: 's3v4',
    });
  });

  it('mb creates a bucket that head-bucket and ls see', async () => {
    const r = await aws('s3', 'mb', `s3://${bucket}`);
    expect(r.stdout).toContain(`make_bucket: ${bucket}`);
    await s3api('head-bucket', '--bucket', bucket);
    const ls = await aws('s3', 'ls');
    expect(ls.stdout).toContain(bucket);
  });

  it('cp uploads and downloads a small file and a 65 MiB multipart file byte-identical', async () => {
    const small = path.join(dir, 'up', 'small.bin');
    const large = path.join(dir, 'up', 'large.bin');
    const smallHash = await writeRandomFile(small, 1000);
    const largeHash = await writeRandomFile(large, 65 * MiB);

    await aws('s3', 'cp', '--no-progress', small, `s3://${bucket}/small.bin`);
    await aws('s3', 'cp', '--no-progress', large, `s3://${bucket}/big/large.bin`);

    const head = await s3api('head-object', '--bucket', bucket, '--key', 'big/large.bin');
    expect(head.ContentLength).toBe(65 * MiB);
    // A multipart ETag is "<md5 of part md5s>-<parts>": 65 MiB in 8 MiB parts is 9 parts.
    expect(head.ETag).toMatch(/^"[0-9a-f]{32}-9"$/);
    const headSmall = await s3api('head-object', '--bucket', bucket, '--key', 'small.bin');
    expect(headSmall.ETag).toMatch(/^"[0-9a-f]{32}"$/);

    const downSmall = path.join(dir, 'down', 'small.bin');
    const downLarge = path.join(dir, 'down', 'large.bin');
    await aws('s3', 'cp', '--no-progress', `s3://${bucket}/small.bin`, downSmall);
    await aws('s3', 'cp', '--no-progress', `s3://${bucket}/big/large.bin`, downLarge);
    expect(await sha256File(downSmall)).toBe(smallHash);
    expect(await sha256File(downLarge)).toBe(largeHash);
    await rm(large);
    await rm(downLarge);
  });

  it('ls lists keys with sizes and prefixes', async () => {
    const top = await aws('s3', 'ls', `s3://${bucket}/`);
    expect(top.stdout).toMatch(/\s1000 small\.bin/);
    expect(top.stdout).toContain('PRE big/');
    const rec = await aws('s3', 'ls', '--recursive', `s3://${bucket}/`);
    expect(rec.stdout).toMatch(new RegExp(`\\s${65 * MiB} big/large\\.bin`));
  });

  it('sync uploads a tree, a second sync copies nothing, and a sync down matches', async () => {
    const src = path.join(dir, 'tree');
    const files = [
      'a.txt',
      'sub/b.bin',
      'sub/deeper/c.bin',
      'with space/d e.txt',
      "quote's/+plus.txt",
      'empty.txt',
    ];
    const sizes = [12, 200_000, 3 * MiB, 5, 77, 0];
    const expected: Record<string, string> = {};
    for (const [i, f] of files.entries())
      expected[f] = await writeRandomFile(path.join(src, f), sizes[i] ?? 1);

    const first = await aws('s3', 'sync', '--no-progress', src, `s3://${bucket}/tree/`);
    const uploads = first.stdout.split(/\r?\n/).filter((l) => l.includes('upload:'));
    expect(uploads.length).toBe(files.length);

    const second = await aws('s3', 'sync', '--no-progress', src, `s3://${bucket}/tree/`);
    expect(second.stdout.split(/\r?\n/).filter((l) => l.includes('upload:'))).toEqual([]);

    const dest = path.join(dir, 'tree-down');
    await aws('s3', 'sync', '--no-progress', `s3://${bucket}/tree/`, dest);
    expect(await treeHashes(dest)).toEqual(expected);
  });

  it('rm --recursive removes a prefix and nothing else', async () => {
    const r = await aws('s3', 'rm', '--recursive', `s3://${bucket}/tree/`);
    expect(r.stdout.split(/\r?\n/).filter((l) => l.includes('delete:')).length).toBe(6);
    const listed = await s3api('list-objects-v2', '--bucket', bucket);
    const keys = ((listed.Contents ?? []) as { Key: string }[]).map((o) => o.Key).sort();
    expect(keys).toEqual(['big/large.bin', 'small.bin']);
  });

  it('presign gives a URL that fetch can GET', async () => {
    const r = await aws('s3', 'presign', `s3://${bucket}/small.bin`, '--expires-in', '600');
    const url = r.stdout.trim();
    expect(url).toContain('X-Amz-Signature=');
    const got = await fetchBytes(url);
    expect(got.status).toBe(200);
    expect(sha256(got.body)).toBe(await sha256File(path.join(dir, 'up', 'small.bin')));
    // The same URL with the signature tampered with must be refused.
    const bad = await fetchBytes(
      url.replace(
        /X-Amz-Signature=([0-9a-f])/,
        (_m, c: string) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`,
      ),
    );
    expect(bad.status).toBe(403);
    expect(bad.body.toString()).toContain('<Code>SignatureDoesNotMatch</Code>');
  });

  it('presign with the default signature version: SigV4, or SigV2 (awscli 1.x)', async () => {
    const plainEnv = await awsEnv(path.join(dir, 'config-default-sig'), engine);
    const r = await run(
      cli.path,
      ['--endpoint-url', engine.url, 's3', 'presign', `s3://${bucket}/small.bin`],
      { env: plainEnv },
    );
    const url = r.stdout.trim();
    const got = await fetchBytes(url);
    // awscli 1.x presigns with SigV2, awscli 2 with SigV4: the engine accepts both (sigv2.test.ts).
    expect(url).toMatch(/X-Amz-Signature=|AWSAccessKeyId=/);
    expect(got.status).toBe(200);
  });

  it('s3api versioning: two versions, list-object-versions, delete marker, get an old version by id', async () => {
    const vb = bucketName('awsver');
    await s3api('create-bucket', '--bucket', vb);
    await s3api('put-bucket-versioning', '--bucket', vb, '--versioning-configuration', 'Status=Enabled');
    const status = await s3api('get-bucket-versioning', '--bucket', vb);
    expect(status.Status).toBe('Enabled');

    const v1File = path.join(dir, 'v1.bin');
    const v2File = path.join(dir, 'v2.bin');
    const v1Hash = await writeRandomFile(v1File, 4096);
    await writeRandomFile(v2File, 5000);
    const put1 = await s3api('put-object', '--bucket', vb, '--key', 'doc.bin', '--body', v1File);
    const put2 = await s3api('put-object', '--bucket', vb, '--key', 'doc.bin', '--body', v2File);
    const id1 = put1.VersionId as string;
    const id2 = put2.VersionId as string;
    expect(id1).toBeTruthy();
    expect(id2).toBeTruthy();
    expect(id1).not.toBe(id2);

    const versions = await s3api('list-object-versions', '--bucket', vb);
    const vs = (versions.Versions ?? []) as {
      Key: string;
      VersionId: string;
      IsLatest: boolean;
      Size: number;
    }[];
    expect(vs.map((v) => [v.Key, v.VersionId, v.IsLatest, v.Size])).toEqual([
      ['doc.bin', id2, true, 5000],
      ['doc.bin', id1, false, 4096],
    ]);

    const del = await s3api('delete-object', '--bucket', vb, '--key', 'doc.bin');
    expect(del.DeleteMarker).toBe(true);
    expect(del.VersionId).toBeTruthy();

    const gone = await aws(
      's3api',
      'get-object',
      '--bucket',
      vb,
      '--key',
      'doc.bin',
      path.join(dir, 'x.bin'),
    ).catch((e: Error) => e);
    expect(gone).toBeInstanceOf(Error);
    expect((gone as Error).message).toMatch(/NoSuchKey|404|Not Found/);

    const after = await s3api('list-object-versions', '--bucket', vb);
    const markers = (after.DeleteMarkers ?? []) as { Key: string; IsLatest: boolean; VersionId: string }[];
    expect(markers).toHaveLength(1);
    expect(markers[0]).toMatchObject({ Key: 'doc.bin', IsLatest: true, VersionId: del.VersionId });

    const out = path.join(dir, 'v1-down.bin');
    const got = await s3api('get-object', '--bucket', vb, '--key', 'doc.bin', '--version-id', id1, out);
    expect(got.VersionId).toBe(id1);
    expect(sha256(await readFile(out))).toBe(v1Hash);
  });
});
