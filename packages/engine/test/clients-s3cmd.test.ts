/**
 * s3cmd 2.3 against a running engine process: mb, put (single and multipart), ls, la, info (which
 * reads bucket location, requestPayment, lifecycle, policy, CORS and the ACL document), get, sync,
 * del, rb, and keys with the characters servers commonly get wrong. Bytes are checked by sha256;
 * s3cmd additionally checks every download against its stored MD5.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketName, run, s3cmdConfig, sha256File, writeRandomFile } from './helpers/clients.js';
import { startEngine, type EngineProcess } from './helpers/engine-process.js';
import { requireSystemDeps } from './helpers/system-deps.js';

const MiB = 1024 * 1024;

await requireSystemDeps(['s3cmd']);

let engine: EngineProcess;
let dir: string;
let cfg: string;
const bucket = bucketName('s3cmd');

/** `s3cmd -c CFG ...args`; rejects on a non-zero exit. */
const s3cmd = (...args: string[]) =>
  run('s3cmd', ['-c', cfg, '--no-progress', ...args], { timeoutMs: 240_000 });

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  dir = await mkdtemp(path.join(os.tmpdir(), 'coffer-s3cmd-'));
  cfg = await s3cmdConfig(dir, engine);
});

afterAll(async () => {
  await engine?.destroy();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('s3cmd', () => {
  const hashes: Record<string, string> = {};

  it('mb creates a bucket and ls lists it', async () => {
    const r = await s3cmd('mb', `s3://${bucket}`);
    expect(r.stdout).toContain(`Bucket 's3://${bucket}/' created`);
    const ls = await s3cmd('ls');
    expect(ls.stdout).toContain(`s3://${bucket}`);
  });

  it('put uploads a small file and a 17 MiB file in 5 MiB multipart chunks', async () => {
    hashes.small = await writeRandomFile(path.join(dir, 'small.bin'), 1500);
    hashes.large = await writeRandomFile(path.join(dir, 'large.bin'), 17 * MiB);
    await s3cmd('put', path.join(dir, 'small.bin'), `s3://${bucket}/small.bin`);
    // --progress makes s3cmd name each part: 17 MiB in 5 MiB chunks ends with "[part 4 of 4, 2048KB]".
    const up = await s3cmd(
      'put',
      '--progress',
      '--multipart-chunk-size-mb=5',
      path.join(dir, 'large.bin'),
      `s3://${bucket}/large.bin`,
    );
    expect(`${up.stdout}${up.stderr}`).toMatch(/\[part 4 of 4, 2048KB\]/);
  });

  it('ls and la list objects with their sizes', async () => {
    const ls = await s3cmd('ls', `s3://${bucket}/`);
    expect(ls.stdout).toMatch(new RegExp(`\\s1500\\s+s3://${bucket}/small\\.bin`));
    expect(ls.stdout).toMatch(new RegExp(`\\s${17 * MiB}\\s+s3://${bucket}/large\\.bin`));
    const la = await s3cmd('la');
    expect(la.stdout).toContain(`s3://${bucket}/small.bin`);
    expect(la.stdout).toContain(`s3://${bucket}/large.bin`);
  });

  it('info shows object and bucket details, including the ACL', async () => {
    const obj = await s3cmd('info', `s3://${bucket}/large.bin`);
    expect(obj.stdout).toContain(`File size: ${17 * MiB}`);
    expect(obj.stdout).toMatch(/MD5 sum:\s+[0-9a-f]{32}/);
    expect(obj.stdout).toMatch(/ACL:\s+.*FULL_CONTROL/);
    const bkt = await s3cmd('info', `s3://${bucket}`);
    expect(bkt.stdout).toContain('(bucket):');
    expect(bkt.stdout).toMatch(/Location:\s+(us-east-1|any)/);
    expect(bkt.stdout).toMatch(/ACL:\s+.*FULL_CONTROL/);
  });

  it('get downloads byte-identical copies (s3cmd also verifies its MD5)', async () => {
    await s3cmd('get', '--force', `s3://${bucket}/small.bin`, path.join(dir, 'small.down'));
    await s3cmd('get', '--force', `s3://${bucket}/large.bin`, path.join(dir, 'large.down'));
    expect(await sha256File(path.join(dir, 'small.down'))).toBe(hashes.small);
    expect(await sha256File(path.join(dir, 'large.down'))).toBe(hashes.large);
  });

  it('sync uploads a tree, a second sync uploads nothing, a sync down matches', async () => {
    const src = path.join(dir, 'tree');
    const files: Record<string, string> = {};
    for (const [f, size] of [
      ['a.txt', 10],
      ['sub/b.bin', 300_000],
      ['sub/deep/c.bin', 6 * MiB],
      ['empty.txt', 0],
    ] as const) {
      files[f] = await writeRandomFile(path.join(src, f), size);
    }
    const first = await s3cmd('sync', `${src}/`, `s3://${bucket}/tree/`);
    expect(first.stdout.split('\n').filter((l) => l.startsWith('upload:')).length).toBe(4);
    const second = await s3cmd('sync', `${src}/`, `s3://${bucket}/tree/`);
    expect(second.stdout.split('\n').filter((l) => l.startsWith('upload:'))).toEqual([]);

    const dest = path.join(dir, 'tree-down');
    await s3cmd('sync', `s3://${bucket}/tree/`, `${dest}/`);
    const got: Record<string, string> = {};
    for (const e of await readdir(dest, { withFileTypes: true, recursive: true })) {
      if (e.isFile())
        got[path.relative(dest, path.join(e.parentPath, e.name))] = await sha256File(
          path.join(e.parentPath, e.name),
        );
    }
    expect(got).toEqual(files);
  });

  it('round-trips keys with special characters', async () => {
    const keys = [
      "it's.txt",
      'a+b=c.txt',
      '100%.txt',
      'with space.txt',
      'ünïcödé-日本.txt',
      'semi;colon&amp.txt',
      'tilde~(paren).txt',
    ];
    const src = path.join(dir, 'special-src.bin');
    const hash = await writeRandomFile(src, 2048);
    for (const key of keys) await s3cmd('put', src, `s3://${bucket}/special/${key}`);
    const ls = await s3cmd('ls', `s3://${bucket}/special/`);
    for (const key of keys) expect(ls.stdout).toContain(`s3://${bucket}/special/${key}`);
    for (const key of keys) {
      const out = path.join(dir, 'special-down.bin');
      await s3cmd('get', '--force', `s3://${bucket}/special/${key}`, out);
      expect(await sha256File(out), key).toBe(hash);
    }
  });

  it('del removes one object, del --recursive the rest, rb removes the bucket', async () => {
    const d = await s3cmd('del', `s3://${bucket}/small.bin`);
    expect(d.stdout).toContain(`delete: 's3://${bucket}/small.bin'`);
    const ls = await s3cmd('ls', `s3://${bucket}/`);
    expect(ls.stdout).not.toContain('small.bin');

    // rb of a non-empty bucket must fail with BucketNotEmpty.
    const notEmpty = await run('s3cmd', ['-c', cfg, 'rb', `s3://${bucket}`], { allowFailure: true });
    expect(notEmpty.code).not.toBe(0);
    expect(notEmpty.stderr).toMatch(/BucketNotEmpty|not empty/i);

    await s3cmd('del', '--recursive', '--force', `s3://${bucket}/`);
    const rb = await s3cmd('rb', `s3://${bucket}`);
    expect(rb.stdout).toContain(`Bucket 's3://${bucket}/' removed`);
    const all = await s3cmd('ls');
    expect(all.stdout).not.toContain(bucket);
  });
});
