/**
 * rclone 1.60 (provider Other, path style) against a running engine process: copy (with a
 * multipart upload), check, sync after local changes, lsjson with hashes, delete with a filter,
 * purge. rclone runs without AWS_CA_BUNDLE in its environment (it fails every call otherwise, see
 * shared/reference/real-clients.md).
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketName, rcloneConfig, run, sha256File, writeRandomFile } from './helpers/clients.js';
import { startEngine, type EngineProcess } from './helpers/engine-process.js';
import { requireSystemDeps } from './helpers/system-deps.js';

const MiB = 1024 * 1024;

await requireSystemDeps(['rclone']);

let engine: EngineProcess;
let dir: string;
let env: NodeJS.ProcessEnv;
const bucket = bucketName('rclone');

/** rclone with the test config; multipart above 5 MiB so a 12 MiB file is a 3-part upload. */
const rclone = (...args: string[]) =>
  run(
    'rclone',
    [
      '--s3-upload-cutoff',
      '5M',
      '--s3-chunk-size',
      '5M',
      '--retries',
      '1',
      '--low-level-retries',
      '1',
      ...args,
    ],
    {
      env,
      timeoutMs: 240_000,
    },
  );

interface LsEntry {
  Path: string;
  Name: string;
  Size: number;
  IsDir: boolean;
  Hashes?: Record<string, string>;
}

async function localTree(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(root, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath, e.name);
    out[path.relative(root, full).split(path.sep).join('/')] = await sha256File(full);
  }
  return out;
}

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  dir = await mkdtemp(path.join(os.tmpdir(), 'coffer-rclone-'));
  ({ env } = await rcloneConfig(dir, engine));
});

afterAll(async () => {
  await engine?.destroy();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('rclone', () => {
  const src = () => path.join(dir, 'src');

  it('copy uploads a tree (one file multipart) and check reports 0 differences', async () => {
    await writeRandomFile(path.join(src(), 'a.txt'), 100);
    await writeRandomFile(path.join(src(), 'dir/b.bin'), 700_000);
    await writeRandomFile(path.join(src(), 'dir/big.bin'), 12 * MiB);
    await writeRandomFile(path.join(src(), "dir/it's +odd%name ü.txt"), 33);
    await writeRandomFile(path.join(src(), 'empty.txt'), 0);

    await rclone('mkdir', `remote:${bucket}`);
    await rclone('copy', src(), `remote:${bucket}/copy`);
    const check = await rclone('check', src(), `remote:${bucket}/copy`);
    expect(check.stderr).toMatch(/0 differences found/);
    expect(check.stderr).toMatch(/5 matching files/);
  });

  it('lsjson lists every object with size and MD5', async () => {
    const r = await rclone('lsjson', '-R', '--hash', '--files-only', `remote:${bucket}/copy`);
    const entries = (JSON.parse(r.stdout) as LsEntry[]).sort((x, y) => x.Path.localeCompare(y.Path));
    expect(entries.map((e) => [e.Path, e.Size])).toEqual(
      [
        ['a.txt', 100],
        ['dir/b.bin', 700_000],
        ['dir/big.bin', 12 * MiB],
        ["dir/it's +odd%name ü.txt", 33],
        ['empty.txt', 0],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    // Every object has an MD5 (single-part from the ETag, multipart from rclone's md5chksum metadata).
    for (const e of entries) expect(e.Hashes?.md5, e.Path).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sync propagates a change, an addition and a deletion; check then reports 0 differences', async () => {
    await writeFile(path.join(src(), 'a.txt'), 'changed content, different size\n');
    await rm(path.join(src(), 'dir/b.bin'));
    await writeRandomFile(path.join(src(), 'new/c.bin'), 6 * MiB);

    await rclone('sync', src(), `remote:${bucket}/copy`);
    const check = await rclone('check', src(), `remote:${bucket}/copy`);
    expect(check.stderr).toMatch(/0 differences found/);

    const r = await rclone('lsjson', '-R', '--files-only', `remote:${bucket}/copy`);
    const paths = (JSON.parse(r.stdout) as LsEntry[]).map((e) => e.Path).sort();
    expect(paths).toEqual(
      ['a.txt', 'dir/big.bin', "dir/it's +odd%name ü.txt", 'empty.txt', 'new/c.bin'].sort(),
    );

    // And back down: byte-identical.
    const down = path.join(dir, 'down');
    await rclone('copy', `remote:${bucket}/copy`, down);
    expect(await localTree(down)).toEqual(await localTree(src()));
  });

  it('check notices a difference (it is not blind)', async () => {
    await writeFile(path.join(src(), 'a.txt'), 'changed again locally\n');
    const check = await run('rclone', ['check', src(), `remote:${bucket}/copy`], { env, allowFailure: true });
    expect(check.code).not.toBe(0);
    expect(check.stderr).toMatch(/1 differences found/);
  });

  it('delete removes the filtered objects only', async () => {
    await rclone('delete', `remote:${bucket}/copy`, '--include', '*.txt');
    const r = await rclone('lsjson', '-R', '--files-only', `remote:${bucket}/copy`);
    const paths = (JSON.parse(r.stdout) as LsEntry[]).map((e) => e.Path).sort();
    expect(paths).toEqual(['dir/big.bin', 'new/c.bin']);
  });

  it('purge removes the bucket with its contents', async () => {
    await rclone('purge', `remote:${bucket}`);
    const r = await rclone('lsjson', 'remote:');
    const names = (JSON.parse(r.stdout) as LsEntry[]).map((e) => e.Name);
    expect(names).not.toContain(bucket);
  });
});
