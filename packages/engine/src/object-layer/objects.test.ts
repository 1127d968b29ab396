import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BadDigest,
  BucketNotFound,
  IncompleteBody,
  InvalidBucketName,
  InvalidObjectName,
  KeyTooLong,
  ObjectNotFound,
} from './errors.js';
import { openObjectLayer } from './index.js';
import type { ErasureObjectLayer } from './erasure-object-layer.js';
import { inlineKey, objectKey } from '../storage/meta-keys.js';
import type { ObjectRecord } from '../storage/records.js';
import { decodeValue, encodeValue } from '../storage/drive.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(n: number): Promise<{ layer: ErasureObjectLayer; drives: string[]; root: string }> {
  const root = await mkdtemp(join(tmpdir(), 'coffer-ol-'));
  const drives = Array.from({ length: n }, (_, i) => join(root, `d${i + 1}`));
  const { layer } = await openObjectLayer({ drives });
  cleanups.push(async () => {
    await layer.close();
    await rm(root, { recursive: true, force: true });
  });
  return { layer, drives, root };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

function body(data: Buffer, chunk = 65536): Readable {
  // Deliver in HTTP-like chunks so block assembly is exercised.
  return Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += chunk) yield data.subarray(i, i + chunk);
    })(),
  );
}

const KiB = 1024;
const MiB = 1024 * 1024;
const SIZES = [0, 1, 128 * KiB - 1, 128 * KiB, 128 * KiB + 1, MiB - 1, MiB, MiB + 1, 10 * MiB + 12345];

describe.each([1, 2, 4, 5, 8])('round trips on %i drive(s)', (n) => {
  it('puts and gets objects of every size, whole and by range', async () => {
    const { layer } = await setup(n);
    await layer.makeBucket('bucket');
    for (const size of SIZES) {
      const data = randomBytes(size);
      const key = `obj-${size}`;
      const info = await layer.putObject('bucket', key, body(data), { size });
      expect(info.size).toBe(size);
      expect(info.etag).toBe(createHash('md5').update(data).digest('hex'));
      const got = await layer.getObject('bucket', key);
      expect(got.info.etag).toBe(info.etag);
      expect((await readAll(got.stream)).equals(data)).toBe(true);
      if (size > 2) {
        const start = Math.floor(size / 3);
        const end = Math.min(size - 1, start + Math.floor(size / 2));
        const ranged = await layer.getObject('bucket', key, { range: { start, end } });
        expect((await readAll(ranged.stream)).equals(data.subarray(start, end + 1))).toBe(true);
      }
      const head = await layer.getObjectInfo('bucket', key);
      expect(head.size).toBe(size);
    }
  });
});

describe('small objects read from memory', () => {
  it('returns inline objects as a body (whole and ranged), larger ones only as a stream', async () => {
    const { layer } = await setup(4);
    await layer.makeBucket('mem');
    const small = randomBytes(4 * KiB);
    await layer.putObject('mem', 'small', body(small), { size: small.length });
    const whole = await layer.getObject('mem', 'small');
    expect(whole.body?.equals(small)).toBe(true);
    // The stream, made on demand, carries the same bytes.
    expect((await readAll(whole.stream)).equals(small)).toBe(true);
    const ranged = await layer.getObject('mem', 'small', { range: { start: 100, end: 2999 } });
    expect(ranged.body?.equals(small.subarray(100, 3000))).toBe(true);
    await layer.putObject('mem', 'empty', body(Buffer.alloc(0)), { size: 0 });
    expect((await layer.getObject('mem', 'empty')).body?.length).toBe(0);
    const large = randomBytes(MiB + 1);
    await layer.putObject('mem', 'large', body(large), { size: large.length });
    const streamed = await layer.getObject('mem', 'large');
    expect(streamed.body).toBeUndefined();
    expect((await readAll(streamed.stream)).equals(large)).toBe(true);
  });
});

describe('inline reads when drives disagree or shards are damaged', () => {
  it('rebuilds a damaged or missing inline data shard from parity, schedules a heal, and reads records that differ', async () => {
    const { layer } = await setup(4);
    await layer.makeBucket('inl');
    const data = randomBytes(4 * KiB + 7);
    await layer.putObject('inl', 'k', body(data), { size: data.length });
    const heals: string[] = [];
    layer.core.scheduleHeal = (_bucket, key, reason) => heals.push(`${key}: ${reason}`);
    const record = (await layer.core.drives[0]?.get(objectKey('inl', 'k'))) as ObjectRecord;
    const version = record.versions[0];
    if (version?.dataDir === undefined || version.ec === undefined) throw new Error('no inline version');
    const at = inlineKey('inl', 'k', version.dataDir);
    // The drive holding data shard 0 (shards are rotated by the key).
    const slot = version.ec.dist.indexOf(0);
    const drive = layer.core.drives[slot];
    if (drive === undefined) throw new Error('no drive');
    const original = drive.getBinary(at);
    if (original === undefined) throw new Error('no inline shard');

    // A flipped byte in the shard: the bitrot check fails, parity rebuilds it, a heal is queued.
    const damaged = Buffer.from(original);
    damaged[damaged.length - 1] = (damaged[damaged.length - 1] ?? 0) ^ 0xff;
    await drive.commit([{ key: at, binary: damaged }]);
    expect((await layer.getObject('inl', 'k')).body?.equals(data)).toBe(true);
    expect(heals).toHaveLength(1);

    // The shard gone altogether, and the same drive's record with other bytes than the others'
    // (an extra field): the version still resolves by quorum and reads whole.
    heals.length = 0;
    await drive.commit([
      { key: at, remove: true },
      { key: objectKey('inl', 'k'), value: { ...record, note: 'differs' } },
    ]);
    expect((await layer.getObject('inl', 'k')).body?.equals(data)).toBe(true);
    expect(heals).toHaveLength(1);
    expect(
      (await layer.getObject('inl', 'k', { range: { start: 10, end: 4000 } })).body?.equals(
        data.subarray(10, 4001),
      ),
    ).toBe(true);

    // Restored: read again without the decoder, and no heal.
    heals.length = 0;
    await drive.commit([
      { key: at, binary: original },
      { key: objectKey('inl', 'k'), value: record },
    ]);
    expect((await layer.getObject('inl', 'k')).body?.equals(data)).toBe(true);
    expect(heals).toHaveLength(0);
  });
});

describe('records written once for all drives', () => {
  it('stores the same bytes on every drive, exactly the JSON of the record, through overwrites and deletes', async () => {
    const { layer } = await setup(4);
    await layer.makeBucket('rec');
    const check = async (): Promise<void> => {
      const raws = layer.core.drives.map((d) => d.getBinary(objectKey('rec', 'k')));
      const first = raws[0];
      if (first === undefined) throw new Error('no record');
      for (const raw of raws) expect(raw?.equals(first)).toBe(true);
      expect(first.equals(encodeValue(decodeValue(first)))).toBe(true);
    };
    await layer.putObject('rec', 'k', body(randomBytes(100)), {
      size: 100,
      metadata: { userMetadata: { a: 'ü' } },
    });
    await check();
    await layer.putObject('rec', 'k', body(randomBytes(200 * KiB)), { size: 200 * KiB });
    await check();
    await layer.updateBucketMetadata('rec', (m) => {
      m.versioning = 'Enabled';
    });
    await layer.putObject('rec', 'k', body(randomBytes(10)), { size: 10 });
    await layer.deleteObject('rec', 'k');
    await check();
    const record = decodeValue(
      layer.core.drives[0]?.getBinary(objectKey('rec', 'k')) as Buffer,
    ) as ObjectRecord;
    expect(record.versions.map((v) => v.deleteMarker === true)).toEqual([true, false, false]);
  });
});

describe('streamed reads with recycled buffers', () => {
  it('returns the right bytes while consumers release every chunk as soon as they copied it', async () => {
    const { layer } = await setup(4);
    await layer.makeBucket('recycle');
    const objects = [randomBytes(5 * MiB + 77), randomBytes(3 * MiB), randomBytes(2 * MiB - 1)];
    for (const [i, data] of objects.entries())
      await layer.putObject('recycle', `o${i}`, body(data), { size: data.length });
    // Several readers at once, each copying a chunk and releasing it at once: a buffer reused
    // before all its pieces were released would show up as wrong bytes here.
    const read = async (i: number, range?: { start: number; end: number }): Promise<void> => {
      const data = objects[i] as Buffer;
      const result = await layer.getObject('recycle', `o${i}`, range ? { range } : {});
      expect(result.release).toBeDefined();
      const copies: Buffer[] = [];
      for await (const chunk of result.stream) {
        copies.push(Buffer.from(chunk as Buffer));
        result.release?.(chunk as Buffer);
        // Let the read-ahead run so reused buffers are refilled while this loop still goes on.
        await new Promise((resolve) => setImmediate(resolve));
      }
      const want = range ? data.subarray(range.start, range.end + 1) : data;
      expect(Buffer.concat(copies).equals(want), `object ${i}`).toBe(true);
    };
    await Promise.all([
      read(0),
      read(1),
      read(2),
      read(0, { start: 100, end: 4 * MiB }),
      read(0),
      read(1, { start: MiB - 1, end: MiB + 1 }),
    ]);
  });
});

describe('object basics', () => {
  it('validates names and reports missing buckets and keys', async () => {
    const { layer } = await setup(4);
    await expect(layer.makeBucket('Bad_Name')).rejects.toBeInstanceOf(InvalidBucketName);
    await expect(layer.makeBucket('192.168.1.1')).rejects.toBeInstanceOf(InvalidBucketName);
    await expect(layer.makeBucket('.coffer-x')).rejects.toBeInstanceOf(InvalidBucketName);
    await expect(layer.getObjectInfo('nope', 'k')).rejects.toBeInstanceOf(BucketNotFound);
    await layer.makeBucket('bk1');
    await expect(layer.getObjectInfo('bk1', 'k')).rejects.toBeInstanceOf(ObjectNotFound);
    await expect(
      layer.putObject('bk1', 'a/../b', body(Buffer.from('x')), { size: 1 }),
    ).rejects.toBeInstanceOf(InvalidObjectName);
    await expect(
      layer.putObject('bk1', 'x'.repeat(1025), body(Buffer.from('x')), { size: 1 }),
    ).rejects.toBeInstanceOf(KeyTooLong);
    const odd = "it's a + key with spaces/ünïcødé//double";
    await layer.putObject('bk1', odd, body(Buffer.from('odd')), { size: 3 });
    expect((await readAll((await layer.getObject('bk1', odd)).stream)).toString()).toBe('odd');
  });

  it('stores metadata and replaces the null version', async () => {
    const { layer } = await setup(4);
    await layer.makeBucket('meta');
    await layer.putObject('meta', 'k', body(Buffer.from('one')), {
      size: 3,
      metadata: {
        contentType: 'text/plain',
        userMetadata: { a: '1' },
        headers: { 'cache-control': 'no-cache' },
        tagging: 'x=y',
      },
      checksumAlgorithms: ['CRC32', 'CRC32C', 'SHA1', 'SHA256', 'CRC64NVME'],
    });
    const info = await layer.getObjectInfo('meta', 'k');
    expect(info.contentType).toBe('text/plain');
    expect(info.userMetadata).toEqual({ a: '1' });
    expect(info.headers).toEqual({ 'cache-control': 'no-cache' });
    expect(info.tagging).toBe('x=y');
    expect(info.versionId).toBe('null');
    expect(info.checksums.SHA256).toBe(createHash('sha256').update('one').digest('base64'));
    expect(Object.keys(info.checksums).sort()).toEqual(['CRC32', 'CRC32C', 'CRC64NVME', 'SHA1', 'SHA256']);
    const big = randomBytes(3 * MiB);
    await layer.putObject('meta', 'k', body(big), { size: big.length });
    expect((await readAll((await layer.getObject('meta', 'k')).stream)).equals(big)).toBe(true);
    const versions = await layer.listObjectVersions('meta', { maxKeys: 100 });
    expect(versions.versions).toHaveLength(1);
    const updated = await layer.updateObjectMetadata('meta', 'k', undefined, (i) => {
      i.tagging = 'a=b';
    });
    expect(updated.tagging).toBe('a=b');
    expect((await layer.getObjectInfo('meta', 'k')).tagging).toBe('a=b');
  });

  it('leaves nothing behind when verify or the body fails', async () => {
    const { layer } = await setup(4);
    await layer.makeBucket('fail');
    for (const size of [10, 2 * MiB]) {
      const data = randomBytes(size);
      await expect(
        layer.putObject('fail', 'k', body(data), {
          size,
          verify: () => {
            throw new BadDigest('no');
          },
        }),
      ).rejects.toBeInstanceOf(BadDigest);
      await expect(layer.putObject('fail', 'k', body(data), { size: size + 5 })).rejects.toBeInstanceOf(
        IncompleteBody,
      );
      const broken = new Readable({
        read() {
          this.push(randomBytes(1500 * 1024));
          this.destroy(new Error('client went away'));
        },
      });
      await expect(layer.putObject('fail', 'k', broken, { size: -1 })).rejects.toThrow('client went away');
      await expect(layer.getObjectInfo('fail', 'k')).rejects.toBeInstanceOf(ObjectNotFound);
    }
    expect((await layer.listObjects('fail', { maxKeys: 10 })).objects).toHaveLength(0);
  });
});

describe('concurrent readers and writers', () => {
  it('readers get one complete version while writers replace the object', async () => {
    const { layer, drives } = await setup(4);
    await layer.makeBucket('race');
    const payloads = [0, 1, 2, 3, 4, 5].map((i) => Buffer.alloc(2 * MiB + i * 1000, i + 1));
    const sums = new Set(payloads.map((p) => createHash('md5').update(p).digest('hex')));
    await layer.putObject('race', 'k', body(payloads[0] as Buffer), { size: (payloads[0] as Buffer).length });
    const work: Promise<unknown>[] = [];
    for (const [i, p] of payloads.slice(1).entries()) {
      work.push(layer.putObject('race', 'k', body(p), { size: p.length }));
      for (let r = 0; r < 3; r++) {
        work.push(
          (async () => {
            const { info, stream } = await layer.getObject('race', 'k');
            const got = await readAll(stream);
            expect(got.length, `reader ${i}/${r}`).toBe(info.size);
            expect(sums.has(createHash('md5').update(got).digest('hex'))).toBe(true);
          })(),
        );
      }
    }
    await Promise.all(work);
    const versions = await layer.listObjectVersions('race', { maxKeys: 10 });
    expect(versions.versions).toHaveLength(1);
    // Every replaced version's data is gone: one data dir per drive.
    for (const d of drives) expect(await readdir(join(d, '.coffer.sys', 'data', 'race'))).toHaveLength(1);
  });
});
