import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile, open as openFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { InsufficientReadQuorum, InsufficientWriteQuorum } from './errors.js';
import { openObjectLayer } from './index.js';
import type { ErasureObjectLayer } from './erasure-object-layer.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function makeRoot(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'coffer-heal-'));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  return root;
}

async function open(drives: string[]): Promise<ErasureObjectLayer> {
  const { layer } = await openObjectLayer({ drives, driveCheckIntervalMs: 60_000 });
  cleanups.push(() => layer.close());
  return layer;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const MiB = 1024 * 1024;

/** Relative path → sha256 of every file under a drive's data area (shard files). */
async function shardFiles(drive: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const base = join(drive, '.coffer.sys', 'data');
  async function walk(dir: string): Promise<void> {
    for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const p = join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else
        out.set(
          relative(base, p),
          createHash('sha256')
            .update(await readFile(p))
            .digest('hex'),
        );
    }
  }
  await walk(base);
  return out;
}

async function wipe(drive: string): Promise<void> {
  for (const e of await readdir(drive)) await rm(join(drive, e), { recursive: true, force: true });
}

async function fill(layer: ErasureObjectLayer): Promise<Map<string, Buffer>> {
  await layer.makeBucket('heal');
  const objects = new Map<string, Buffer>();
  const sizes = [0, 1, 100, 128 * 1024, 128 * 1024 + 1, MiB + 7, 3 * MiB];
  for (const [i, size] of sizes.entries()) {
    const data = randomBytes(size);
    objects.set(`dir/obj-${i}`, data);
    await layer.putObject('heal', `dir/obj-${i}`, Readable.from([data]), { size });
  }
  await layer.writeSystemFile('config/test.json', Buffer.from('{"a":1}'));
  return objects;
}

async function expectAll(layer: ErasureObjectLayer, objects: Map<string, Buffer>): Promise<void> {
  for (const [key, data] of objects) {
    const got = await readAll((await layer.getObject('heal', key)).stream);
    expect(got.equals(data), key).toBe(true);
  }
  const list = await layer.listObjects('heal', { prefix: 'dir/', maxKeys: 100 });
  expect(list.objects.map((o) => o.key).sort()).toEqual([...objects.keys()].sort());
}

describe('drive loss and healing', () => {
  it.each([1, 2])('reads everything with %i of 4 drives wiped, then healAll restores them', async (lost) => {
    const root = await makeRoot();
    const drives = [1, 2, 3, 4].map((i) => join(root, `d${i}`));
    let layer = await open(drives);
    const objects = await fill(layer);
    const before = await Promise.all(drives.map((d) => shardFiles(d)));
    // Wipe while running: the layer notices and serves everything from the other drives.
    for (const d of drives.slice(0, lost)) await wipe(d);
    await layer.checkDrives();
    expect((await layer.storageInfo()).drives.filter((d) => d.state === 'unformatted')).toHaveLength(lost);
    await expectAll(layer, objects);
    await layer.healAll({});
    const after = await Promise.all(drives.map((d) => shardFiles(d)));
    for (let i = 0; i < 4; i++) expect(after[i]).toEqual(before[i]);
    expect((await layer.readSystemFile('config/test.json'))?.toString()).toBe('{"a":1}');
    await layer.close();

    if (lost === 2) {
      // The healed drives now carry the data: lose the other two instead, across a restart; the
      // startup formats them and heals them in the background.
      for (const d of drives.slice(lost)) await wipe(d);
      layer = await open(drives);
      await expectAll(layer, objects);
      await layer.idle();
      for (let i = 0; i < 4; i++) expect(await shardFiles(drives[i] as string)).toEqual(before[i]);
    }
  });

  it('notices a drive wiped while running and heals it without a restart', async () => {
    const root = await makeRoot();
    const drives = [1, 2, 3, 4].map((i) => join(root, `d${i}`));
    const layer = await open(drives);
    const objects = await fill(layer);
    const before = await shardFiles(drives[1] as string);
    await wipe(drives[1] as string);
    // A dry run reports the wiped drive's copies as missing and changes nothing.
    const dry: string[] = [];
    await layer.healAll({
      dryRun: true,
      bucket: 'heal',
      prefix: 'dir/',
      onItem: (item) => {
        dry.push(`${item.type}:${item.key}:${item.before[1]}->${item.after[1]}`);
      },
    });
    expect(dry).toContain('object:dir/obj-6:unformatted->unformatted');
    expect(dry.every((d) => d.startsWith('bucket:') || d.includes(':dir/'))).toBe(true);
    expect((await shardFiles(drives[1] as string)).size).toBe(0);
    // The timer's drive check notices the empty drive, formats it and refills it in the background.
    await layer.checkDrives({ healEmpty: true });
    await layer.idle();
    expect(await shardFiles(drives[1] as string)).toEqual(before);
    expect((await layer.storageInfo()).drives.map((d) => [d.state, d.healing])).toEqual(
      [0, 1, 2, 3].map(() => ['ok', false]),
    );
    await expectAll(layer, objects);
  });

  it('never serves corrupt shard bytes and heals them', async () => {
    const root = await makeRoot();
    const drives = [1, 2, 3, 4].map((i) => join(root, `d${i}`));
    const layer = await open(drives);
    await layer.makeBucket('heal');
    const data = randomBytes(5 * MiB + 3);
    await layer.putObject('heal', 'big', Readable.from([data]), { size: data.length });
    const reference = await Promise.all(drives.map((d) => shardFiles(d)));
    // Flip bytes in the shard files of the two drives holding data shards (read first).
    const offset = zlib.crc32('big') % 4;
    const dataDrives = drives.filter((_, slot) => (slot + offset) % 4 < 2);
    let corrupted = 0;
    for (const d of dataDrives) {
      for (const [rel] of await shardFiles(d)) {
        const path = join(d, '.coffer.sys', 'data', rel);
        const handle = await openFile(path, 'r+');
        await handle.write(Buffer.from([0xde, 0xad, 0xbe, 0xef]), 0, 4, 100);
        await handle.write(Buffer.from([0x01]), 0, 1, (await stat(path)).size - 1);
        await handle.close();
        corrupted++;
      }
    }
    expect(corrupted).toBe(2);
    const got = await readAll((await layer.getObject('heal', 'big')).stream);
    expect(got.equals(data)).toBe(true);
    const ranged = await readAll(
      (await layer.getObject('heal', 'big', { range: { start: MiB - 10, end: 2 * MiB } })).stream,
    );
    expect(ranged.equals(data.subarray(MiB - 10, 2 * MiB + 1))).toBe(true);
    // The read scheduled a heal of what it found; once it ran, a deep heal finds nothing to fix.
    await layer.idle();
    const items = await layer.healObject('heal', 'big', { deep: true });
    expect(items[0]?.before).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(await Promise.all(drives.map((d) => shardFiles(d)))).toEqual(reference);
  });

  it('deep heal finds silent corruption a presence check misses', async () => {
    const root = await makeRoot();
    const drives = [1, 2, 3, 4].map((i) => join(root, `d${i}`));
    const layer = await open(drives);
    await layer.makeBucket('heal');
    const data = randomBytes(2 * MiB);
    await layer.putObject('heal', 'obj', Readable.from([data]), { size: data.length });
    const reference = await shardFiles(drives[2] as string);
    const [rel] = [...reference.keys()];
    const path = join(drives[2] as string, '.coffer.sys', 'data', rel as string);
    const bytes = await readFile(path);
    bytes[bytes.length - 5] = (bytes[bytes.length - 5] ?? 0) ^ 0xff;
    await writeFile(path, bytes);
    expect((await layer.healObject('heal', 'obj', {}))[0]?.before[2]).toBe('ok');
    const deep = await layer.healObject('heal', 'obj', { deep: true });
    expect(deep[0]?.before[2]).toBe('corrupt');
    expect(deep[0]?.after[2]).toBe('ok');
    expect(await shardFiles(drives[2] as string)).toEqual(reference);
  });

  it('answers quorum errors when too many drives are gone', async () => {
    const root = await makeRoot();
    const drives = [1, 2, 3, 4].map((i) => join(root, `d${i}`));
    const layer = await open(drives);
    await layer.makeBucket('heal');
    const data = randomBytes(2 * MiB);
    await layer.putObject('heal', 'obj', Readable.from([data]), { size: data.length });
    await rm(drives[0] as string, { recursive: true, force: true });
    await layer.checkDrives();
    // 3 of 4 drives (2+2, write quorum 3): still writable and readable.
    await layer.putObject('heal', 'obj2', Readable.from([data]), { size: data.length });
    await rm(drives[1] as string, { recursive: true, force: true });
    await layer.checkDrives();
    expect((await readAll((await layer.getObject('heal', 'obj2')).stream)).equals(data)).toBe(true);
    await expect(
      layer.putObject('heal', 'obj3', Readable.from([data]), { size: data.length }),
    ).rejects.toBeInstanceOf(InsufficientWriteQuorum);
    await expect(
      layer.putObject('heal', 'small', Readable.from([Buffer.from('x')]), { size: 1 }),
    ).rejects.toBeInstanceOf(InsufficientWriteQuorum);
    await rm(drives[2] as string, { recursive: true, force: true });
    await layer.checkDrives();
    await expect(layer.getObjectInfo('heal', 'obj')).rejects.toBeInstanceOf(InsufficientReadQuorum);
  });
});
