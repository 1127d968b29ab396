/**
 * The encryption decorator over the real erasure layer on four temp drives: handlers see plaintext
 * sizes, ETags and no internal key fields, the drives hold only ciphertext, and the erasure layer
 * below still reconstructs and heals encrypted objects (two drives wiped, healed, the other two
 * wiped across a restart with the same KMS master key). Reads of encrypted objects skip the bitrot
 * check of their data shards (the GCM tags authenticate every byte): corrupt data shards still
 * come back rebuilt from parity, whole and in ranges, and get healed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, open as openFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
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

  it('rebuilds corrupt data shards of an encrypted object from parity, and heals them', async () => {
    const drives = await drivesOf();
    const { inner, layer } = await open(drives);
    await layer.makeBucket('enc');
    const data = randomBytes(5 * MiB + 3);
    await layer.putObject('enc', 'big', Readable.from([data]), {
      size: data.length,
      encryption: { kind: 'SSE-S3' },
    });
    const stored = await readAll((await inner.getObject('enc', 'big')).stream);
    // Flip bytes in the first and last block of both data shards (the drives read first).
    const offset = zlib.crc32('big') % 4;
    const dataDrives = drives.filter((_, slot) => (slot + offset) % 4 < 2);
    let corrupted = 0;
    for (const d of dataDrives) {
      for (const file of await filesUnder(join(d, '.coffer.sys', 'data'))) {
        const handle = await openFile(file, 'r+');
        await handle.write(Buffer.from([0xde, 0xad, 0xbe, 0xef]), 0, 4, 100);
        await handle.write(Buffer.from([0x01]), 0, 1, (await stat(file)).size - 1);
        await handle.close();
        corrupted++;
      }
    }
    expect(corrupted).toBe(2);
    // The skip is real: read as the decorator reads, the layer hands the damaged bytes on...
    const unchecked = await readAll(
      (await inner.getObject('enc', 'big', { authenticated: () => true })).stream,
    );
    expect(unchecked.length).toBe(stored.length);
    expect(unchecked.equals(stored)).toBe(false);
    // ...and the decorator, on the failed tag, reads again with the check and gets parity's bytes.
    expect((await readAll((await layer.getObject('enc', 'big')).stream)).equals(data)).toBe(true);
    const ranged = await layer.getObject('enc', 'big', { range: { start: MiB - 10, end: 5 * MiB + 1 } });
    expect((await readAll(ranged.stream)).equals(data.subarray(MiB - 10, 5 * MiB + 2))).toBe(true);
    // The verified read scheduled a heal; once it ran, a deep heal finds every shard intact.
    await inner.idle();
    const items = await inner.healObject('enc', 'big', { deep: true });
    expect(items[0]?.before).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(
      (await readAll((await inner.getObject('enc', 'big', { authenticated: () => true })).stream)).equals(
        stored,
      ),
    ).toBe(true);
  });
});

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(p)));
    else out.push(p);
  }
  return out;
}
