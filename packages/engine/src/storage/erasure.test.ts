import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FileCorrupt, InsufficientReadQuorum, InsufficientWriteQuorum } from './errors.js';
import { shardViews } from './block-pool.js';
import { PartDecoder, readPartRange } from './erasure-decode.js';
import { ErasureEncoder } from './erasure-encode.js';
import { ReedSolomon } from './reed-solomon.js';
import { BitrotHasher, PartGeometry } from './shard-file.js';
import {
  FileShardReader,
  MemoryShardReader,
  MemoryShardWriter,
  type ShardReader,
  type ShardWriter,
} from './shard-io.js';

const BS = 64 * 1024;

class FailingWriter implements ShardWriter {
  constructor(private readonly after: number) {}
  private writes = 0;
  write(): Promise<void> {
    return ++this.writes > this.after ? Promise.reject(new Error('disk on fire')) : Promise.resolve();
  }
  finish(): Promise<void> {
    return Promise.resolve();
  }
  abort(): Promise<void> {
    return Promise.resolve();
  }
}

async function encode(data: Buffer, d: number, p: number, hasher: BitrotHasher): Promise<Buffer[]> {
  const rs = new ReedSolomon(d, p);
  const writers = Array.from({ length: d + p }, () => new MemoryShardWriter());
  const encoder = new ErasureEncoder(rs, writers, d, 'xxh64', hasher);
  for (let i = 0; i < data.length; i += BS) await encoder.writeBlock(data.subarray(i, i + BS));
  await encoder.finish();
  return writers.map((w) => w.bytes());
}

async function decode(
  files: (Buffer | undefined)[],
  size: number,
  d: number,
  p: number,
  hasher: BitrotHasher,
  range?: [number, number],
) {
  const rs = new ReedSolomon(d, p);
  const geometry = new PartGeometry(size, BS, d, 'xxh64');
  const bad: number[] = [];
  const decoder = new PartDecoder(
    rs,
    geometry,
    files.map((f) => (f ? new MemoryShardReader(f) : undefined)),
    hasher,
    (i) => bad.push(i),
  );
  const chunks: Buffer[] = [];
  for await (const c of readPartRange(decoder, geometry, range?.[0] ?? 0, range?.[1] ?? size - 1))
    chunks.push(c);
  return { data: Buffer.concat(chunks), bad };
}

describe('erasure encode/decode', () => {
  it('writes the documented shard file layout', async () => {
    const hasher = await BitrotHasher.create();
    const data = randomBytes(BS * 2 + 100);
    const files = await encode(data, 2, 2, hasher);
    const geometry = new PartGeometry(data.length, BS, 2, 'xxh64');
    expect(geometry.blocks).toBe(3);
    for (const f of files) expect(f.length).toBe(geometry.fileSize);
    expect(geometry.fileSize).toBe(2 * (8 + BS / 2) + 8 + 50);
    // Data shard 0 holds the first half of each block right after its hash.
    expect(files[0]?.subarray(8, 8 + BS / 2).equals(data.subarray(0, BS / 2))).toBe(true);
    expect(
      hasher.hash('xxh64', data.subarray(0, BS / 2)).equals(files[0]?.subarray(0, 8) ?? Buffer.alloc(0)),
    ).toBe(true);
  });

  it('rebuilds missing and corrupt shards and never returns bad bytes', async () => {
    const hasher = await BitrotHasher.create();
    const data = randomBytes(BS * 5 + 7);
    const files = await encode(data, 3, 2, hasher);
    const corrupt = Buffer.from(files[1] as Buffer);
    corrupt[8 + 5] = (corrupt[8 + 5] ?? 0) ^ 1;
    const { data: out, bad } = await decode(
      [files[0], corrupt, undefined, files[3], files[4]],
      data.length,
      3,
      2,
      hasher,
    );
    expect(out.equals(data)).toBe(true);
    expect(bad).toEqual([1]);
    const ranged = await decode(
      [undefined, files[1], files[2], undefined, files[4]],
      data.length,
      3,
      2,
      hasher,
      [BS - 3, 3 * BS + 9],
    );
    expect(ranged.data.equals(data.subarray(BS - 3, 3 * BS + 10))).toBe(true);
    await expect(
      decode([undefined, corrupt, undefined, files[3], files[4]], data.length, 3, 2, hasher),
    ).rejects.toBeInstanceOf(FileCorrupt);
    await expect(
      decode([undefined, undefined, undefined, files[3], files[4]], data.length, 3, 2, hasher),
    ).rejects.toBeInstanceOf(InsufficientReadQuorum);
  });

  it('counts shards that cannot be read (file gone, I/O error) as missing drives, not as tampering', async () => {
    const hasher = await BitrotHasher.create();
    const data = randomBytes(BS * 2 + 7);
    const files = await encode(data, 3, 2, hasher);
    const geometry = new PartGeometry(data.length, BS, 3, 'xxh64');
    const gone = (): FileShardReader => new FileShardReader('/nonexistent/coffer/part.1');
    const corrupt = Buffer.from(files[3] as Buffer);
    corrupt[8 + 1] = (corrupt[8 + 1] ?? 0) ^ 1;
    const read = (readers: (ShardReader | undefined)[]): Promise<Buffer> =>
      new PartDecoder(new ReedSolomon(3, 2), geometry, readers, hasher).readBlock(0);
    // Three of five shards unreadable with parity 2: a read-quorum loss.
    await expect(
      read([
        gone(),
        gone(),
        gone(),
        new MemoryShardReader(files[3] as Buffer),
        new MemoryShardReader(files[4] as Buffer),
      ]),
    ).rejects.toBeInstanceOf(InsufficientReadQuorum);
    // Two unreadable (parity would cover them) and one damaged: the damage is what broke it.
    await expect(
      read([
        gone(),
        gone(),
        new MemoryShardReader(files[2] as Buffer),
        new MemoryShardReader(corrupt),
        new MemoryShardReader(files[4] as Buffer),
      ]),
    ).rejects.toBeInstanceOf(FileCorrupt);
  });

  it('goes on while write quorum holds and fails below it', async () => {
    const hasher = await BitrotHasher.create();
    const rs = new ReedSolomon(2, 2);
    const ok = new ErasureEncoder(
      rs,
      [new MemoryShardWriter(), new FailingWriter(1), new MemoryShardWriter(), new MemoryShardWriter()],
      3,
      'xxh64',
      hasher,
    );
    for (let i = 0; i < 4; i++) await ok.writeBlock(randomBytes(BS));
    await ok.finish();
    expect(ok.alive).toBe(3);
    const failing = new ErasureEncoder(
      rs,
      [new MemoryShardWriter(), new FailingWriter(1), new FailingWriter(2), new MemoryShardWriter()],
      3,
      'xxh64',
      hasher,
    );
    const run = async (): Promise<void> => {
      for (let i = 0; i < 6; i++) await failing.writeBlock(randomBytes(BS));
      await failing.finish();
    };
    await expect(run()).rejects.toBeInstanceOf(InsufficientWriteQuorum);
  });

  it('encodes in place over shard views with stale parity bytes', async () => {
    const hasher = await BitrotHasher.create();
    const data = randomBytes(1000);
    const buffer = Buffer.alloc(Math.ceil(BS / 3) * 5, 0xaa);
    data.copy(buffer);
    const writers = Array.from({ length: 5 }, () => new MemoryShardWriter());
    const encoder = new ErasureEncoder(new ReedSolomon(3, 2), writers, 3, 'xxh64', hasher);
    await encoder.writeShards(shardViews(buffer, data.length, 3, 2));
    await encoder.finish();
    const reference = await encode(data, 3, 2, hasher);
    expect(writers.map((w) => w.bytes())).toEqual(reference);
  });
});
