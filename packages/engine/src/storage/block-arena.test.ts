import { createHash, randomBytes } from 'node:crypto';
import { createXXHash64 } from 'hash-wasm';
import { describe, expect, it } from 'vitest';
import { BlockPool, shardViews } from './block-pool.js';
import { DigestWorker } from './digest-worker.js';
import { ReedSolomon } from './reed-solomon.js';
import { BitrotHasher } from './shard-file.js';

const KiB = 1024;

/** Parity computed the ordinary way (copies through the coder), from a copy of the data shards. */
function expectedParity(d: number, p: number, data: Buffer[]): Buffer[] {
  const size = data[0]?.length ?? 0;
  const shards = [...data.map((s) => Buffer.from(s)), ...Array.from({ length: p }, () => Buffer.alloc(size))];
  new ReedSolomon(d, p).encode(shards);
  return shards.slice(d);
}

describe('shard arena', () => {
  it.each([
    [2, 2],
    [4, 2],
    [1, 1],
    [3, 3],
  ])('%i+%i: blocks in arena slots encode to the same parity as elsewhere, in place or not', (d, p) => {
    const rs = new ReedSolomon(d, p);
    const slotBytes = Math.ceil((256 * KiB) / d) * (d + p);
    const arena = rs.createArena(slotBytes, 2);
    expect(arena).toBeDefined();
    if (arena === undefined) return;
    // Whole blocks (shards a multiple of the kernel step when d divides nicely), the short last
    // block of an object, and odd sizes that must take the copying path.
    for (const length of [256 * KiB, 100 * KiB, 1000, 1]) {
      const slot = arena.acquire();
      expect(slot).toBeDefined();
      if (slot === undefined) return;
      slot.fill(0xee); // stale bytes from an earlier block must not leak into parity
      const body = randomBytes(length);
      body.copy(slot);
      const views = shardViews(slot, length, d, p);
      const want = expectedParity(d, p, views.slice(0, d));
      const inPlace = arena.encode(views.map((v) => Buffer.from(v.buffer, v.byteOffset, v.length)));
      // In place exactly when the shards are a multiple of the kernel's 128-byte step.
      expect(inPlace).toBe(views[0]!.length % 128 === 0);
      views.slice(d).forEach((v) => v.fill(0));
      rs.encode(views);
      views.slice(d).forEach((v, i) => expect(v.equals(want[i]!), `length ${length} parity ${i}`).toBe(true));
      expect(arena.release(slot)).toBe(true);
    }
  });

  it('hands out each slot once, takes back only its own slots, and the pool falls back when full', () => {
    const rs = new ReedSolomon(2, 2);
    const arena = rs.createArena(4 * KiB, 2);
    if (arena === undefined) throw new Error('no arena');
    const pool = new BlockPool(4 * KiB, 1, arena);
    const a = pool.acquire();
    const b = pool.acquire();
    const c = pool.acquire(); // arena exhausted: an ordinary shared buffer
    expect(arena.holds(a) && arena.holds(b)).toBe(true);
    expect(a.byteOffset).not.toBe(b.byteOffset);
    expect(arena.holds(c)).toBe(false);
    expect(c.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(arena.release(c)).toBe(false);
    pool.release(a);
    pool.release(a); // twice: ignored
    expect(arena.release(a)).toBe(false);
    const again = pool.acquire();
    expect(again.byteOffset).toBe(a.byteOffset);
    expect(arena.acquire()).toBeUndefined();
  });

  it('hashes shards in the arena in place, equal to hash-wasm over a copy', async () => {
    const rs = new ReedSolomon(2, 2);
    const arena = rs.createArena(512 * KiB, 1);
    if (arena === undefined) throw new Error('no arena');
    const hasher = await BitrotHasher.create();
    hasher.attachArena(arena);
    const slot = arena.acquire();
    if (slot === undefined) throw new Error('no slot');
    const reference = await createXXHash64();
    for (const [at, length] of [
      [0, 256 * KiB],
      [3, 1000],
      [100, 0],
    ] as const) {
      const view = slot.subarray(at, at + length);
      randomBytes(length).copy(view);
      reference.init();
      reference.update(Buffer.from(view));
      expect(hasher.hash('xxh64', view).toString('hex')).toBe(reference.digest('hex'));
    }
  });

  it('digest workers hash pinned arena slots and ordinary buffers alike, on two threads', async () => {
    const rs = new ReedSolomon(2, 2);
    const arena = rs.createArena(64 * KiB, 2);
    if (arena === undefined) throw new Error('no arena');
    const digests = new DigestWorker(2);
    try {
      const one = digests.start({ sha256: true });
      digests.pin(arena.buffer); // pinned after a thread started: it gets the buffer too
      const two = digests.start({});
      const slot = arena.acquire();
      if (slot === undefined) throw new Error('no slot');
      const a = randomBytes(64 * KiB);
      const b = randomBytes(10 * KiB);
      a.copy(slot);
      await one.update(slot, 0, a.length);
      await one.update(b, 0, b.length); // not shared: copied over
      a.copy(slot); // the slot is free again once acknowledged
      await two.update(slot, 5, 1000);
      const [r1, r2] = await Promise.all([one.finish(), two.finish()]);
      const both = Buffer.concat([a, b]);
      expect(r1.md5.toString('hex')).toBe(createHash('md5').update(both).digest('hex'));
      expect(r1.sha256?.toString('hex')).toBe(createHash('sha256').update(both).digest('hex'));
      expect(r2.md5.toString('hex')).toBe(createHash('md5').update(a.subarray(5, 1005)).digest('hex'));
    } finally {
      await digests.close();
    }
  });
});
