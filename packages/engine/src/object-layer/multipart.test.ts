import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { EntityTooSmall, InvalidPart, InvalidPartOrder, InvalidUploadId } from './errors.js';
import { openObjectLayer } from './index.js';
import type { ErasureObjectLayer } from './erasure-object-layer.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(n = 4): Promise<{ layer: ErasureObjectLayer; drives: string[] }> {
  const root = await mkdtemp(join(tmpdir(), 'coffer-mp-'));
  const drives = Array.from({ length: n }, (_, i) => join(root, `d${i}`));
  const { layer } = await openObjectLayer({ drives });
  cleanups.push(async () => {
    await layer.close();
    await rm(root, { recursive: true, force: true });
  });
  return { layer, drives };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const MiB = 1024 * 1024;
const md5 = (b: Buffer): Buffer => createHash('md5').update(b).digest();

describe.each([1, 4, 5])('multipart on %i drive(s)', (n) => {
  it('assembles parts, computes the multipart ETag and serves part numbers and ranges', async () => {
    const { layer, drives } = await setup(n);
    await layer.makeBucket('mpu');
    const id = await layer.newMultipartUpload('mpu', 'big', {
      metadata: { contentType: 'video/mp4', userMetadata: { x: 'y' } },
      checksumAlgorithm: 'CRC32',
    });
    const parts = [randomBytes(5 * MiB), randomBytes(5 * MiB + 1), randomBytes(123)];
    // Upload part 2 twice: the second one wins.
    await layer.putObjectPart('mpu', 'big', id, 2, Readable.from([randomBytes(10)]), { size: 10 });
    const infos = [];
    for (const [i, p] of parts.entries()) {
      infos.push(
        await layer.putObjectPart('mpu', 'big', id, i + 1, Readable.from([p]), {
          size: p.length,
          checksumAlgorithms: ['CRC32'],
        }),
      );
    }
    const listed = await layer.listParts('mpu', 'big', id, { maxParts: 2 });
    expect(listed.parts.map((p) => [p.number, p.size])).toEqual([
      [1, 5 * MiB],
      [2, 5 * MiB + 1],
    ]);
    expect(listed.isTruncated).toBe(true);
    expect(listed.nextPartNumberMarker).toBe(2);
    const uploads = await layer.listMultipartUploads('mpu', { maxUploads: 10 });
    expect(uploads.uploads.map((u) => u.uploadId)).toEqual([id]);

    const info = await layer.completeMultipartUpload(
      'mpu',
      'big',
      id,
      infos.map((p) => ({ partNumber: p.number, etag: `"${p.etag}"` })),
    );
    const expectedEtag =
      createHash('md5')
        .update(Buffer.concat(parts.map(md5)))
        .digest('hex') + '-3';
    expect(info.etag).toBe(expectedEtag);
    expect(info.size).toBe(parts.reduce((s, p) => s + p.length, 0));
    expect(info.parts?.map((p) => p.size)).toEqual(parts.map((p) => p.length));
    expect(info.checksums.CRC32).toMatch(/-3$/);
    expect(info.contentType).toBe('video/mp4');
    const all = Buffer.concat(parts);
    expect((await readAll((await layer.getObject('mpu', 'big')).stream)).equals(all)).toBe(true);
    expect(
      (await readAll((await layer.getObject('mpu', 'big', { partNumber: 2 })).stream)).equals(
        parts[1] as Buffer,
      ),
    ).toBe(true);
    const range = { start: 5 * MiB - 3, end: 10 * MiB + 5 };
    expect(
      (await readAll((await layer.getObject('mpu', 'big', { range })).stream)).equals(
        all.subarray(range.start, range.end + 1),
      ),
    ).toBe(true);
    expect((await layer.listMultipartUploads('mpu', { maxUploads: 10 })).uploads).toHaveLength(0);
    await expect(layer.listParts('mpu', 'big', id, { maxParts: 10 })).rejects.toBeInstanceOf(InvalidUploadId);
    // Upload directories are gone.
    for (const d of drives) expect(await readdir(join(d, '.coffer.sys', 'multipart'))).toEqual([]);
  });
});

describe('multipart rules', () => {
  it('accepts a single 0-byte part', async () => {
    const { layer } = await setup();
    await layer.makeBucket('mpu');
    const id = await layer.newMultipartUpload('mpu', 'empty', {});
    const p = await layer.putObjectPart('mpu', 'empty', id, 1, Readable.from([]), { size: 0 });
    const info = await layer.completeMultipartUpload('mpu', 'empty', id, [{ partNumber: 1, etag: p.etag }]);
    expect(info.size).toBe(0);
    expect(info.etag).toBe(
      createHash('md5')
        .update(md5(Buffer.alloc(0)))
        .digest('hex') + '-1',
    );
    expect(await readAll((await layer.getObject('mpu', 'empty')).stream)).toHaveLength(0);
  });

  it('rejects bad part lists and unknown uploads', async () => {
    const { layer } = await setup();
    await layer.makeBucket('mpu');
    const id = await layer.newMultipartUpload('mpu', 'k', {});
    const p1 = await layer.putObjectPart('mpu', 'k', id, 1, Readable.from([Buffer.from('small')]), {
      size: 5,
    });
    const p2 = await layer.putObjectPart('mpu', 'k', id, 2, Readable.from([Buffer.from('tail')]), {
      size: 4,
    });
    await expect(
      layer.completeMultipartUpload('mpu', 'k', id, [
        { partNumber: 2, etag: p2.etag },
        { partNumber: 1, etag: p1.etag },
      ]),
    ).rejects.toBeInstanceOf(InvalidPartOrder);
    await expect(
      layer.completeMultipartUpload('mpu', 'k', id, [{ partNumber: 1, etag: 'deadbeef' }]),
    ).rejects.toBeInstanceOf(InvalidPart);
    await expect(
      layer.completeMultipartUpload('mpu', 'k', id, [
        { partNumber: 1, etag: p1.etag },
        { partNumber: 2, etag: p2.etag },
      ]),
    ).rejects.toBeInstanceOf(EntityTooSmall);
    await expect(
      layer.putObjectPart('mpu', 'other', id, 1, Readable.from([]), { size: 0 }),
    ).rejects.toBeInstanceOf(InvalidUploadId);
    await layer.abortMultipartUpload('mpu', 'k', id);
    await expect(layer.abortMultipartUpload('mpu', 'k', id)).rejects.toBeInstanceOf(InvalidUploadId);
  });

  it('lists uploads with prefix, delimiter and markers', async () => {
    const { layer } = await setup();
    await layer.makeBucket('mpu');
    const ids: Record<string, string> = {};
    for (const key of ['a/1', 'a/2', 'b', 'c/x/y', 'b'])
      ids[key] = await layer.newMultipartUpload('mpu', key, {});
    const top = await layer.listMultipartUploads('mpu', { delimiter: '/', maxUploads: 10 });
    expect(top.commonPrefixes).toEqual(['a/', 'c/']);
    expect(top.uploads.map((u) => u.key)).toEqual(['b', 'b']);
    const page = await layer.listMultipartUploads('mpu', { maxUploads: 2 });
    expect(page.uploads.map((u) => u.key)).toEqual(['a/1', 'a/2']);
    expect(page.isTruncated).toBe(true);
    const next = await layer.listMultipartUploads('mpu', {
      maxUploads: 10,
      keyMarker: page.nextKeyMarker ?? '',
      uploadIdMarker: page.nextUploadIdMarker ?? '',
    });
    expect(next.uploads.map((u) => u.key)).toEqual(['b', 'b', 'c/x/y']);
  });
});
