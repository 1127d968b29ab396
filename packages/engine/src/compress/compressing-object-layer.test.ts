/**
 * The compression decorator over the real erasure layer (and the encryption decorator) on four
 * temp drives: compressible objects take less space on the drives and read back identical, ranges
 * at and inside block edges inflate only what they need, multipart and copy work, SSE objects are
 * compressed only with `allow_encryption`, and the configuration's filters and `enable` apply at
 * the next write.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openObjectLayer } from '../object-layer/index.js';
import type { ErasureObjectLayer } from '../object-layer/erasure-object-layer.js';
import type { ObjectLayer } from '../object-layer/types.js';
import { BuiltinKms } from '../kms/index.js';
import { withEncryption } from '../crypto/index.js';
import { staticConfig } from '../config/types.js';
import { withCompression } from './compressing-object-layer.js';
import { BLOCK_SIZE } from './block-format.js';
import { COMPRESS_PREFIX } from './compress-fields.js';

const MiB = 1024 * 1024;
const config = staticConfig({ compression: { enable: 'on' } });
let root: string;
let drives: string[];
let inner: ErasureObjectLayer;
let layer: ObjectLayer;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'coffer-compress-layer-'));
  drives = [1, 2, 3, 4].map((i) => join(root, `d${i}`));
  ({ layer: inner } = await openObjectLayer({ drives, driveCheckIntervalMs: 60_000 }));
  const kms = new BuiltinKms({ name: 'test-master', material: randomBytes(32) }, { store: inner });
  layer = withCompression(withEncryption(inner, kms), config);
  for (const b of ['plain', 'packed', 'sse', 'misc']) await layer.makeBucket(b);
});

afterAll(async () => {
  await layer.close();
  await rm(root, { recursive: true, force: true });
});

/** Log-like text: compresses well, but not to nothing (every line has random digits). */
function logText(size: number): Buffer {
  const lines: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const line = `2026-11-25T04:${String(i % 60).padStart(2, '0')} INFO request ${i} served in ${Math.floor(Math.random() * 1000)} ms\n`;
    lines.push(line);
    length += line.length;
  }
  return Buffer.from(lines.join('')).subarray(0, size);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Bytes stored for `bucket` on all drives (shard files under the bucket's data directories). */
async function storedBytes(bucket: string): Promise<number> {
  let total = 0;
  const walk = async (dir: string, inBucket: boolean): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path, inBucket || entry.name === bucket);
      else if (inBucket) total += (await stat(path)).size;
    }
  };
  for (const d of drives) await walk(d, false);
  return total;
}

const md5 = (data: Buffer): string => createHash('md5').update(data).digest('hex');

async function put(
  bucket: string,
  key: string,
  data: Buffer,
  extra: Partial<Parameters<ObjectLayer['putObject']>[3]> = {},
) {
  return layer.putObject(bucket, key, Readable.from([data]), { size: data.length, ...extra });
}

describe('compression decorator', () => {
  const big = logText(8 * MiB);

  it('stores a compressible 8 MiB object in far less space and reads it back identical', async () => {
    config.set('compression', { enable: 'off' });
    const plainInfo = await put('plain', 'big.log', big);
    config.set('compression', { enable: 'on' });
    const info = await put('packed', 'big.log', big);
    expect(info.size).toBe(big.length);
    expect(info.etag).toBe(md5(big));
    expect(plainInfo.etag).toBe(md5(big));
    const plainBytes = await storedBytes('plain');
    const packedBytes = await storedBytes('packed');
    expect(plainBytes).toBeGreaterThan(big.length);
    expect(packedBytes).toBeLessThan(plainBytes / 3);
    const read = await layer.getObject('packed', 'big.log');
    expect(read.info.size).toBe(big.length);
    expect(Object.keys(read.info.internal).some((k) => k.startsWith(COMPRESS_PREFIX))).toBe(false);
    expect((await readAll(read.stream)).equals(big)).toBe(true);
    const head = await layer.getObjectInfo('packed', 'big.log');
    expect(head.size).toBe(big.length);
    expect(head.etag).toBe(md5(big));
    const listed = await layer.listObjects('packed', { maxKeys: 10 });
    expect(listed.objects.map((o) => [o.key, o.size, o.etag])).toEqual([['big.log', big.length, md5(big)]]);
  });

  it('reads ranges at block edges, inside blocks, open-ended and across blocks', async () => {
    const ranges: [number, number][] = [
      [0, 0],
      [BLOCK_SIZE - 1, BLOCK_SIZE],
      [BLOCK_SIZE, 2 * BLOCK_SIZE - 1],
      [12345, 54321],
      [3 * BLOCK_SIZE - 10, 5 * BLOCK_SIZE + 10],
      [big.length - 100, big.length - 1],
      [big.length - 5, big.length + 1000],
    ];
    for (const [start, end] of ranges) {
      const read = await layer.getObject('packed', 'big.log', { range: { start, end } });
      const got = await readAll(read.stream);
      expect(got.equals(big.subarray(start, Math.min(end, big.length - 1) + 1)), `${start}-${end}`).toBe(
        true,
      );
    }
    await expect(
      layer.getObject('packed', 'big.log', { range: { start: big.length, end: big.length + 5 } }),
    ).rejects.toThrow(/not satisfiable/);
  });

  it('a small range reads only the stored bytes of the block it lies in', async () => {
    let storedRead = 0;
    const getObject: ObjectLayer['getObject'] = async (b, k, o) => {
      const result = await inner.getObject(b, k, o);
      storedRead += o?.range !== undefined ? o.range.end - o.range.start + 1 : result.info.size;
      return result;
    };
    // The erasure layer with its reads counted (its methods bound to it).
    const counting = new Proxy(inner, {
      get(target, name) {
        if (name === 'getObject') return getObject;
        const value: unknown = Reflect.get(target, name, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    }) as ObjectLayer;
    const view = withCompression(counting, config);
    const got = await readAll(
      (await view.getObject('packed', 'big.log', { range: { start: 5 * MiB + 10, end: 5 * MiB + 19 } }))
        .stream,
    );
    expect(got.equals(big.subarray(5 * MiB + 10, 5 * MiB + 20))).toBe(true);
    const whole = (await inner.getObjectInfo('packed', 'big.log')).size;
    expect(storedRead).toBeGreaterThan(0);
    // One block of eight (a little over an eighth of the stored bytes, the index being in the metadata).
    expect(storedRead).toBeLessThan(whole / 4);
  });

  it('keeps incompressible blocks raw and small bodies uncompressed', async () => {
    const noise = randomBytes(3 * MiB);
    await put('misc', 'noise.bin', noise);
    expect((await readAll((await layer.getObject('misc', 'noise.bin')).stream)).equals(noise)).toBe(true);
    const part = await readAll(
      (await layer.getObject('misc', 'noise.bin', { range: { start: MiB - 3, end: MiB + 3 } })).stream,
    );
    expect(part.equals(noise.subarray(MiB - 3, MiB + 4))).toBe(true);
    const small = Buffer.from('tiny text\n');
    const info = await put('misc', 'small.txt', small);
    expect(info.etag).toBe(md5(small));
    const raw = await inner.getObjectInfo('misc', 'small.txt');
    expect(Object.keys(raw.internal).some((k) => k.startsWith(COMPRESS_PREFIX))).toBe(false);
  });

  it('follows the extensions and mime_types filters and enable=off, read at each write', async () => {
    const data = logText(64 * 1024);
    const compressed = async (key: string): Promise<boolean> =>
      Object.keys((await inner.getObjectInfo('misc', key)).internal).some((k) =>
        k.startsWith(COMPRESS_PREFIX),
      );
    await put('misc', 'a.log', data);
    await put('misc', 'a.dat', data, { metadata: { contentType: 'application/x-custom' } });
    await put('misc', 'b.dat', data, { metadata: { contentType: 'text/plain; charset=utf-8' } });
    await put('misc', 'c.gz', data, { metadata: { contentType: 'text/plain' } });
    expect([
      await compressed('a.log'),
      await compressed('a.dat'),
      await compressed('b.dat'),
      await compressed('c.gz'),
    ]).toEqual([true, false, true, false]);
    config.set('compression', { enable: 'on', extensions: '.dat', mime_types: '' });
    await put('misc', 'a.dat', data, { metadata: { contentType: 'application/x-custom' } });
    await put('misc', 'a.log', data);
    expect([await compressed('a.dat'), await compressed('a.log')]).toEqual([true, false]);
    config.set('compression', { enable: 'off' });
    await put('misc', 'b.log', data);
    expect(await compressed('b.log')).toBe(false);
    // Versions written before compression was enabled, and after it was switched off, still read.
    config.set('compression', { enable: 'on' });
    for (const key of ['a.log', 'a.dat', 'b.dat', 'b.log', 'c.gz'])
      expect((await readAll((await layer.getObject('misc', key)).stream)).equals(data), key).toBe(true);
    expect(
      (
        await readAll((await layer.getObject('plain', 'big.log', { range: { start: 5, end: 9 } })).stream)
      ).equals(big.subarray(5, 10)),
    ).toBe(true);
  });

  it('compresses each part of a multipart upload; sizes, ranges across parts and partNumber reads are the plaintext', async () => {
    const parts = [logText(5 * MiB + 123), logText(5 * MiB), logText(MiB / 2)];
    const whole = Buffer.concat(parts);
    const id = await layer.newMultipartUpload('packed', 'multi.csv', {
      metadata: { contentType: 'text/csv' },
    });
    const done = [];
    for (const [i, p] of parts.entries()) {
      const part = await layer.putObjectPart('packed', 'multi.csv', id, i + 1, Readable.from([p]), {
        size: p.length,
      });
      expect(part.size).toBe(p.length);
      done.push({ partNumber: i + 1, etag: part.etag });
    }
    const listed = await layer.listParts('packed', 'multi.csv', id, { maxParts: 10 });
    expect(listed.parts.map((p) => p.size)).toEqual(parts.map((p) => p.length));
    const info = await layer.completeMultipartUpload('packed', 'multi.csv', id, done);
    expect(info.size).toBe(whole.length);
    expect(info.parts?.map((p) => p.size)).toEqual(parts.map((p) => p.length));
    const stored = await inner.getObjectInfo('packed', 'multi.csv');
    expect(stored.size).toBeLessThan(whole.length / 3);
    expect((await readAll((await layer.getObject('packed', 'multi.csv')).stream)).equals(whole)).toBe(true);
    const start = 5 * MiB + 100;
    const end = 10 * MiB + 500;
    const range = await readAll(
      (await layer.getObject('packed', 'multi.csv', { range: { start, end } })).stream,
    );
    expect(range.equals(whole.subarray(start, end + 1))).toBe(true);
    const second = await layer.getObject('packed', 'multi.csv', { partNumber: 2 });
    expect((await readAll(second.stream)).equals(parts[1] as Buffer)).toBe(true);
  });

  it('SSE-S3 objects are stored uncompressed unless allow_encryption is on, and read back either way', async () => {
    const data = logText(3 * MiB);
    config.set('compression', { enable: 'on' });
    await put('sse', 'off.log', data, { encryption: { kind: 'SSE-S3' } });
    config.set('compression', { enable: 'on', allow_encryption: 'on' });
    const info = await put('sse', 'on.log', data, { encryption: { kind: 'SSE-S3' } });
    expect(info.etag).toBe(md5(data));
    expect(info.encryption?.kind).toBe('SSE-S3');
    const off = await inner.getObjectInfo('sse', 'off.log');
    const on = await inner.getObjectInfo('sse', 'on.log');
    expect(off.size).toBeGreaterThan(data.length);
    expect(on.size).toBeLessThan(data.length / 3);
    for (const key of ['off.log', 'on.log']) {
      const whole = await readAll((await layer.getObject('sse', key)).stream);
      expect(whole.equals(data), key).toBe(true);
      const part = await readAll(
        (await layer.getObject('sse', key, { range: { start: MiB - 7, end: 2 * MiB + 7 } })).stream,
      );
      expect(part.equals(data.subarray(MiB - 7, 2 * MiB + 8)), key).toBe(true);
      const head = await layer.getObjectInfo('sse', key);
      expect([head.size, head.etag, head.encryption?.kind]).toEqual([data.length, md5(data), 'SSE-S3']);
    }
  });

  it('with allow_encryption: SSE-KMS keeps its opaque ETag, and an SSE-S3 multipart upload is compressed then encrypted', async () => {
    config.set('compression', { enable: 'on', allow_encryption: 'on' });
    const data = logText(2 * MiB);
    const kms = await put('sse', 'kms.log', data, { encryption: { kind: 'SSE-KMS' } });
    expect(kms.etag).not.toBe(md5(data));
    expect(kms.size).toBe(data.length);
    expect((await inner.getObjectInfo('sse', 'kms.log')).size).toBeLessThan(data.length / 3);
    expect((await readAll((await layer.getObject('sse', 'kms.log')).stream)).equals(data)).toBe(true);

    const parts = [logText(5 * MiB), logText(MiB)];
    const whole = Buffer.concat(parts);
    const id = await layer.newMultipartUpload('sse', 'mp.log', { encryption: { kind: 'SSE-S3' } });
    const done = [];
    for (const [i, p] of parts.entries()) {
      const part = await layer.putObjectPart('sse', 'mp.log', id, i + 1, Readable.from([p]), {
        size: p.length,
      });
      expect(part.size).toBe(p.length);
      done.push({ partNumber: i + 1, etag: part.etag });
    }
    const info = await layer.completeMultipartUpload('sse', 'mp.log', id, done);
    expect([info.size, info.encryption?.kind]).toEqual([whole.length, 'SSE-S3']);
    expect((await inner.getObjectInfo('sse', 'mp.log')).size).toBeLessThan(whole.length / 3);
    expect((await readAll((await layer.getObject('sse', 'mp.log')).stream)).equals(whole)).toBe(true);
    const range = await readAll(
      (await layer.getObject('sse', 'mp.log', { range: { start: 5 * MiB - 2, end: 5 * MiB + 2 } })).stream,
    );
    expect(range.equals(whole.subarray(5 * MiB - 2, 5 * MiB + 3))).toBe(true);
  });

  it('a copy through the decorator re-compresses by the target key, reading the plaintext', async () => {
    config.set('compression', { enable: 'on' });
    const source = await layer.getObject('packed', 'big.log');
    const copy = await layer.putObject('misc', 'copy.log', source.stream, {
      size: source.info.size,
      cause: 'copy',
    });
    expect(copy.etag).toBe(md5(big));
    const stored = await inner.getObjectInfo('misc', 'copy.log');
    expect(stored.size).toBeLessThan(big.length / 3);
    expect((await readAll((await layer.getObject('misc', 'copy.log')).stream)).equals(big)).toBe(true);
  });
});
