/**
 * The streaming ZIP writer, read back by Info-ZIP `unzip` (a real reader, not our own parser)
 * and, for the ZIP64 fields, by looking at the bytes: ZIP64 by entry count at the real limit,
 * ZIP64 sizes and offsets with a lowered size limit (an entry past 4 GiB is too heavy here),
 * a source that breaks part-way, and back-pressure from an output nobody reads.
 */
import { execFile as execFileCb } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer as collect } from 'node:stream/consumers';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipOutputClosedError, ZipWriter, type ZipLimits } from './zip-writer.js';

const execFile = promisify(execFileCb);
const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const systemDeps = (await import(pathToFileURL(path.join(REPO_ROOT, 'scripts/system-deps.mjs')).href)) as {
  ensureSystemDeps(options: { needs: string[]; log: (line: string) => void }): Promise<unknown>;
};
await systemDeps.ensureSystemDeps({ needs: ['unzip'], log: () => {} });

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'coffer-zipw-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const MTIME = new Date('2024-05-06T07:08:10Z');

/** Build an archive with `fill`, save it, and check it with `unzip -t`. */
async function build(fill: (zip: ZipWriter) => Promise<void>, limits?: Partial<ZipLimits>) {
  const zip = new ZipWriter(limits);
  const bytes = collect(zip.output);
  await fill(zip);
  await zip.finish();
  const data = await bytes;
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.zip`);
  await writeFile(file, data);
  await execFile('unzip', ['-tq', file], { maxBuffer: 64 * 1024 * 1024 });
  return { data, file };
}

/** `unzip -l`: name → size, in archive order. */
async function list(file: string): Promise<[string, number][]> {
  const { stdout } = await execFile('unzip', ['-l', file], { maxBuffer: 64 * 1024 * 1024 });
  return [...stdout.matchAll(/^\s*(\d+)\s+\S+\s+\S+\s+(.+)$/gm)]
    .map((m): [string, number] => [m[2] ?? '', Number(m[1])])
    .filter(([name]) => name !== 'Name');
}

/** The central directory record of `name`: its fixed fields and its ZIP64 extra's values. */
function centralRecord(data: Buffer, name: string) {
  const sig = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
  for (let at = data.indexOf(sig); at >= 0; at = data.indexOf(sig, at + 4)) {
    const nameLength = data.readUInt16LE(at + 28);
    if (data.toString('utf8', at + 46, at + 46 + nameLength) !== name) continue;
    const extraEnd = at + 46 + nameLength + data.readUInt16LE(at + 30);
    const zip64: bigint[] = [];
    for (let x = at + 46 + nameLength; x < extraEnd; x += 4 + data.readUInt16LE(x + 2)) {
      if (data.readUInt16LE(x) !== 1) continue;
      for (let v = 0; v < data.readUInt16LE(x + 2); v += 8) zip64.push(data.readBigUInt64LE(x + 4 + v));
    }
    return {
      versionNeeded: data.readUInt16LE(at + 6),
      size: data.readUInt32LE(at + 24),
      offset: data.readUInt32LE(at + 42),
      zip64,
    };
  }
  throw new Error(`no central record for ${name}`);
}

const hasEnd64 = (data: Buffer): boolean => data.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]));

describe('ZipWriter', () => {
  it('writes directories, UTF-8 names and files of known and unknown size', async () => {
    const { data, file } = await build(async (zip) => {
      await zip.addDirectory('empty', MTIME);
      await zip.addFile('a/grüße.txt', Readable.from([Buffer.from('hello '), Buffer.from('world')]), {
        mtime: MTIME,
        size: 11,
      });
      await zip.addFile('unknown.bin', [Buffer.alloc(100_000, 7)], { mtime: MTIME });
    });
    expect(await list(file)).toEqual([
      ['empty/', 0],
      ['a/grüße.txt', 11],
      ['unknown.bin', 100_000],
    ]);
    const { stdout } = await execFile('unzip', ['-p', file, 'a/grüße.txt']);
    expect(stdout).toBe('hello world');
    expect(hasEnd64(data)).toBe(false);
    // Size unknown beforehand: announced as ZIP64 (8-byte descriptor), so recorded as ZIP64 too.
    expect(centralRecord(data, 'unknown.bin')).toMatchObject({
      versionNeeded: 45,
      zip64: [100_000n, 100_000n],
    });
    expect(centralRecord(data, 'a/grüße.txt')).toMatchObject({ versionNeeded: 20, size: 11, zip64: [] });
    const { stdout: verbose } = await execFile('unzip', ['-Z', '-T', file]);
    expect(verbose).toMatch(/20240506\.0708(10|08)\s+empty\//);
  });

  it('ends an entry whose source breaks with the bytes that came, and says why', async () => {
    async function* breaking() {
      yield Buffer.from('first part');
      throw new Error('storage went away');
    }
    let result: Awaited<ReturnType<ZipWriter['addFile']>> | undefined;
    const { file } = await build(async (zip) => {
      result = await zip.addFile('broken.bin', breaking(), { mtime: MTIME, size: 1000 });
      await zip.addFile('after.txt', [Buffer.from('after')], { mtime: MTIME, size: 5 });
    });
    expect(result?.bytes).toBe(10);
    expect((result?.error as Error).message).toBe('storage went away');
    expect(await list(file)).toEqual([
      ['broken.bin', 10],
      ['after.txt', 5],
    ]);
  });

  it('switches to ZIP64 end records at 65,535 entries', async () => {
    const one = [Buffer.from('x')];
    const { data, file } = await build(async (zip) => {
      for (let i = 0; i < 0xffff; i++) await zip.addFile(`f${i}`, one, { mtime: MTIME, size: 1 });
    });
    expect(hasEnd64(data)).toBe(true);
    // The classic end record only says "see the ZIP64 record".
    expect(data.readUInt16LE(data.length - 22 + 10)).toBe(0xffff);
    const { stdout } = await execFile('unzip', ['-l', file], { maxBuffer: 64 * 1024 * 1024 });
    expect(stdout.trim().split('\n').at(-1)).toMatch(/^\s*65535\s+65535 files$/);
  });

  it('stays classic at 65,534 entries', async () => {
    const one = [Buffer.from('x')];
    const { data } = await build(async (zip) => {
      for (let i = 0; i < 0xfffe; i++) await zip.addFile(`f${i}`, one, { mtime: MTIME, size: 1 });
    });
    expect(hasEnd64(data)).toBe(false);
    expect(data.readUInt16LE(data.length - 22 + 10)).toBe(0xfffe);
  });

  it('writes ZIP64 sizes and offsets where a value reaches the size limit', async () => {
    const limits = { size: 1000 }; // stands for 4 GiB
    const { data, file } = await build(async (zip) => {
      await zip.addFile('small.txt', [Buffer.from('small')], { mtime: MTIME, size: 5 });
      // Announced small, turns out big: the descriptor and the central record still say ZIP64.
      await zip.addFile('grew.bin', [Buffer.alloc(1500, 1)], { mtime: MTIME, size: 10 });
      await zip.addFile('big.bin', [Buffer.alloc(1200, 2)], { mtime: MTIME, size: 1200 });
      await zip.addFile('far.txt', [Buffer.from('far')], { mtime: MTIME, size: 3 });
    }, limits);
    expect(await list(file)).toEqual([
      ['small.txt', 5],
      ['grew.bin', 1500],
      ['big.bin', 1200],
      ['far.txt', 3],
    ]);
    expect(centralRecord(data, 'small.txt')).toMatchObject({ size: 5, offset: 0, zip64: [] });
    expect(centralRecord(data, 'grew.bin')).toMatchObject({ size: 0xffffffff, zip64: [1500n, 1500n] });
    const big = centralRecord(data, 'big.bin');
    expect(big).toMatchObject({ versionNeeded: 45, size: 0xffffffff, offset: 0xffffffff });
    expect(big.zip64.slice(0, 2)).toEqual([1200n, 1200n]);
    expect(Number(big.zip64[2])).toBeGreaterThanOrEqual(1000);
    // Only the offset overflows: the extra holds just that one value.
    const far = centralRecord(data, 'far.txt');
    expect(far).toMatchObject({ size: 3, offset: 0xffffffff });
    expect(far.zip64).toHaveLength(1);
    expect(data.subarray(Number(far.zip64[0]), Number(far.zip64[0]) + 4)).toEqual(
      Buffer.from([0x50, 0x4b, 0x03, 0x04]),
    );
    // The central directory starts past the limit: ZIP64 end record and locator.
    expect(hasEnd64(data)).toBe(true);
    const { stdout } = await execFile('unzip', ['-p', file, 'far.txt']);
    expect(stdout).toBe('far');
  });

  it('reads its source only as fast as the output is read', async () => {
    const zip = new ZipWriter();
    let pulled = 0;
    async function* source() {
      for (let i = 0; i < 1024; i++) {
        pulled += 1;
        yield Buffer.alloc(1024, i);
      }
    }
    const adding = zip.addFile('big.bin', source(), { mtime: MTIME, size: 1024 * 1024 });
    // Nobody reads the output: the writer stops near the stream's buffer size (16 KiB).
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(pulled).toBeLessThan(64);
    const bytes = collect(zip.output);
    expect((await adding).bytes).toBe(1024 * 1024);
    expect(pulled).toBe(1024);
    await zip.finish();
    expect((await bytes).length).toBeGreaterThan(1024 * 1024);
  });

  it('stops with ZipOutputClosedError when the output is destroyed', async () => {
    const zip = new ZipWriter();
    const adding = zip.addFile('a.bin', [Buffer.alloc(1024 * 1024)], { mtime: MTIME, size: 1024 * 1024 });
    zip.output.destroy();
    await expect(adding).rejects.toBeInstanceOf(ZipOutputClosedError);
  });
});
