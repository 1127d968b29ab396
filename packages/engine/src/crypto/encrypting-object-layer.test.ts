/**
 * The encryption decorator over the real erasure layer on four temp drives: handlers see plaintext
 * sizes, ETags and no internal key fields, the drives hold only ciphertext, and the erasure layer
 * below still reconstructs and heals encrypted objects (two drives wiped, healed, the other two
 * wiped across a restart with the same KMS master key).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { openObjectLayer } from '../object-layer/index.js';
import type { ErasureObjectLayer } from '../object-layer/erasure-object-layer.js';
import type { ObjectLayer } from '../object-layer/types.js';
import { BuiltinKms } from '../kms/index.js';
import { withEncryption } from './encrypting-object-layer.js';
import { CURRENT_FORMAT, encryptedSize } from './package-format.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const MASTER = { name: 'test-master', material: randomBytes(32) };
const MiB = 1024 * 1024;

async function open(drives: string[]): Promise<{ inner: ErasureObjectLayer; layer: ObjectLayer }> {
  const { layer: inner } = await openObjectLayer({ drives, driveCheckIntervalMs: 60_000 });
  cleanups.push(() => inner.close());
  return { inner, layer: withEncryption(inner, new BuiltinKms(MASTER, { store: inner })) };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function wipe(drive: string): Promise<void> {
  for (const e of await readdir(drive)) await rm(join(drive, e), { recursive: true, force: true });
}

async function drivesOf(): Promise<string[]> {
  const root = await mkdtemp(join(tmpdir(), 'coffer-sse-layer-'));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  return [1, 2, 3, 4].map((i) => join(root, `d${i}`));
}

const sizes = [0, 100, 128 * 1024 + 1, MiB + 7];

async function fill(layer: ObjectLayer): Promise<Map<string, Buffer>> {
  await layer.makeBucket('enc');
  const objects = new Map<string, Buffer>();
  for (const size of sizes) {
    const data = randomBytes(size);
    objects.set(`obj-${size}`, data);
    await layer.putObject('enc', `obj-${size}`, Readable.from([data]), {
      size,
      encryption: { kind: 'SSE-S3' },
    });
  }
  return objects;
}

async function expectAll(layer: ObjectLayer, objects: Map<string, Buffer>): Promise<void> {
  for (const [key, data] of objects) {
    const got = await layer.getObject('enc', key);
    expect((await readAll(got.stream)).equals(data), key).toBe(true);
  }
}

describe('the encrypting object layer', () => {
  it('shows plaintext sizes and ETags, hides its key fields, and stores only ciphertext', async () => {
    const { inner, layer } = await open(await drivesOf());
    const objects = await fill(layer);
    await expectAll(layer, objects);
    const listed = await layer.listObjects('enc', { maxKeys: 100 });
    for (const info of listed.objects) {
      const data = objects.get(info.key) ?? Buffer.alloc(0);
      expect(info.size).toBe(data.length);
      expect(info.etag).toBe(createHash('md5').update(data).digest('hex'));
      expect(info.encryption?.kind).toBe('SSE-S3');
      expect(Object.keys(info.internal).filter((k) => k.startsWith('x-coffer-sse-'))).toEqual([]);
      const stored = await inner.getObjectInfo('enc', info.key);
      expect(stored.size).toBe(encryptedSize(data.length, CURRENT_FORMAT));
      const raw = await readAll((await inner.getObject('enc', info.key)).stream);
      if (data.length >= 32) expect(raw.includes(data.subarray(0, 32))).toBe(false);
    }
    // A write that does not ask for encryption is stored as it is.
    await layer.putObject('enc', 'plain', Readable.from([Buffer.from('plain')]), { size: 5 });
    expect((await inner.getObjectInfo('enc', 'plain')).size).toBe(5);
    expect((await layer.getObjectInfo('enc', 'plain')).encryption).toBeUndefined();
  });

  it('reads and heals encrypted objects after drive loss, across a restart', async () => {
    const drives = await drivesOf();
    let { inner, layer } = await open(drives);
    const objects = await fill(layer);
    for (const d of drives.slice(0, 2)) await wipe(d);
    await inner.checkDrives();
    await expectAll(layer, objects);
    await inner.healAll({});
    await inner.close();
    for (const d of drives.slice(2)) await wipe(d);
    ({ inner, layer } = await open(drives));
    await expectAll(layer, objects);
    const range = await layer.getObject('enc', `obj-${MiB + 7}`, { range: { start: 70_000, end: 700_000 } });
    expect(
      (await readAll(range.stream)).equals(
        objects.get(`obj-${MiB + 7}`)?.subarray(70_000, 700_001) ?? Buffer.alloc(1),
      ),
    ).toBe(true);
  });
});
