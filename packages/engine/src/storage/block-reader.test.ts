import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { IncompleteBody } from './errors.js';
import { BlockReader } from './block-reader.js';

function chunks(sizes: number[]): { stream: Readable; data: Buffer } {
  let seed = 1;
  const parts = sizes.map((n) =>
    Buffer.from(Array.from({ length: n }, () => (seed = (seed * 31 + 7) & 0xff))),
  );
  return { stream: Readable.from(parts), data: Buffer.concat(parts) };
}

async function readAll(reader: BlockReader, blockSize: number): Promise<Buffer[]> {
  const blocks: Buffer[] = [];
  for (;;) {
    const target = Buffer.alloc(blockSize);
    const n = await reader.fill(target, blockSize);
    if (n > 0) blocks.push(target.subarray(0, n));
    if (n < blockSize) return blocks;
  }
}

describe('block reader', () => {
  it('cuts any chunking into exact blocks, the last one shorter', async () => {
    for (const sizes of [[1000], [7, 300, 1, 1, 900, 64], [250, 250], [0, 5, 0, 495]]) {
      const { stream, data } = chunks(sizes);
      const reader = new BlockReader(stream, 100, data.length);
      const blocks = await readAll(reader, 100);
      expect(Buffer.concat(blocks).equals(data)).toBe(true);
      expect(blocks.slice(0, -1).every((b) => b.length === 100)).toBe(true);
      expect(reader.ended).toBe(true);
      expect(reader.total).toBe(data.length);
    }
  });

  it('copies chunks that are slices of larger buffers into a shared block, touching nothing else', async () => {
    // As the write path has them: body chunks are views into the parser's buffers, and the
    // block is a slot inside a SharedArrayBuffer (the Reed–Solomon arena).
    const backing = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7 + 3) & 0xff));
    const parts = [backing.subarray(5, 305), backing.subarray(1000, 1001), backing.subarray(2000, 2450)];
    const data = Buffer.concat(parts);
    const shared = Buffer.from(new SharedArrayBuffer(1024));
    shared.fill(0xee);
    const reader = new BlockReader(Readable.from(parts), 256, data.length);
    const got: Buffer[] = [];
    for (let at = 64; ; at += 256) {
      const n = await reader.fill(shared.subarray(at, at + 256), 256);
      got.push(Buffer.from(shared.subarray(at, at + n)));
      if (n < 256) break;
    }
    expect(Buffer.concat(got).equals(data)).toBe(true);
    expect(shared.subarray(0, 64).every((b) => b === 0xee)).toBe(true);
    expect(shared.subarray(64 + data.length).every((b) => b === 0xee)).toBe(true);
    // The source chunks are left as they were.
    expect(Buffer.concat(parts).equals(data)).toBe(true);
  });

  it('hands each chunk to release once its last byte is copied, and not before', async () => {
    const parts = [Buffer.alloc(150, 1), Buffer.alloc(30, 2), Buffer.alloc(70, 3)];
    const released: Buffer[] = [];
    const reader = new BlockReader(Readable.from(parts), 100, 250, (c) => released.push(c));
    const first = Buffer.alloc(100);
    expect(await reader.fill(first, 100)).toBe(100);
    // 50 bytes of the first chunk are still to be copied.
    expect(released).toEqual([]);
    await reader.fill(Buffer.alloc(100), 100);
    expect(released).toEqual([parts[0], parts[1]]);
    await reader.fill(Buffer.alloc(100), 100);
    expect(released.map((c) => c[0])).toEqual([1, 2, 3]);
  });

  it('refuses more or fewer bytes than declared', async () => {
    const long = new BlockReader(chunks([60, 60]).stream, 100, 100);
    await expect(readAll(long, 100)).rejects.toBeInstanceOf(IncompleteBody);
    const short = new BlockReader(chunks([60, 30]).stream, 100, 100);
    await expect(readAll(short, 100)).rejects.toBeInstanceOf(IncompleteBody);
    // -1: no declared size, anything goes.
    const any = new BlockReader(chunks([60, 30]).stream, 100, -1);
    expect(Buffer.concat(await readAll(any, 100)).length).toBe(90);
  });

  it('passes stream errors through, and a body that stops without an end is an error', async () => {
    const failing = new PassThrough();
    const reader = new BlockReader(failing, 100, -1);
    failing.write(Buffer.alloc(50));
    setImmediate(() => failing.destroy(new Error('client went away')));
    await expect(readAll(reader, 100)).rejects.toThrow('client went away');
    const cut = new PassThrough();
    const reader2 = new BlockReader(cut, 100, 1000);
    cut.write(Buffer.alloc(50));
    setImmediate(() => cut.destroy());
    await expect(readAll(reader2, 100)).rejects.toThrow(/ended prematurely/);
  });

  it('holds at most about a block: the body is paused until the reader catches up', async () => {
    const body = new PassThrough({ highWaterMark: 16 });
    const reader = new BlockReader(body, 100, -1);
    // The producer writes far ahead; the reader has not asked for anything yet.
    let accepted = 0;
    for (let i = 0; i < 50; i++) if (body.write(Buffer.alloc(10, i))) accepted++;
    await new Promise((resolve) => setImmediate(resolve));
    expect(body.isPaused()).toBe(true);
    expect(accepted).toBeLessThan(50);
    body.end();
    const blocks = await readAll(reader, 100);
    expect(Buffer.concat(blocks).length).toBe(500);
  });

  it('cancel destroys an unfinished body', async () => {
    const body = new PassThrough();
    const reader = new BlockReader(body, 100, -1);
    body.write(Buffer.alloc(10));
    await reader.cancel();
    expect(body.destroyed).toBe(true);
  });
});
