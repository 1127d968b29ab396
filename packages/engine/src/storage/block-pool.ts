import type { ShardArena } from './reed-solomon.js';

/**
 * Reusable erasure-block buffers for the streaming write path. Each buffer holds one block laid
 * out as its shards (`data` shards of ceil(len/data) bytes, then the parity shards), so body bytes
 * are copied once — from the socket chunk into their shard — and encoding, hashing and writing all
 * work on views of it. Buffers are SharedArrayBuffer-backed so the digest worker reads them without
 * a copy.
 *
 * Buffers come first from a shard arena (slots in the Reed–Solomon kernel's shared memory, where
 * parity and bitrot hashes are computed in place, without copying the block in and out); when all
 * of its slots are in use (many concurrent uploads), from ordinary SharedArrayBuffers, of which a
 * few free ones are kept for the next write and the rest are left to the GC.
 */
export class BlockPool {
  private readonly free: Buffer[] = [];

  constructor(
    /** Bytes per buffer: ceil(blockSize/data) × (data + parity). */
    readonly size: number,
    private readonly maxFree = 16,
    private readonly arena?: ShardArena,
  ) {}

  acquire(): Buffer {
    return this.arena?.acquire() ?? this.free.pop() ?? Buffer.from(new SharedArrayBuffer(this.size));
  }

  release(buffer: Buffer): void {
    if (this.arena?.release(buffer) === true) return;
    if (this.free.length < this.maxFree && buffer.length === this.size && !this.arena?.holds(buffer))
      this.free.push(buffer);
  }
}

/**
 * Shard views of a block of `length` bytes assembled at the start of `buffer`: zeroes the padding
 * of the last data shard and returns data + parity views of ceil(length/data) bytes each.
 */
export function shardViews(buffer: Buffer, length: number, data: number, parity: number): Buffer[] {
  const shardSize = Math.ceil(length / data);
  buffer.fill(0, length, shardSize * data);
  const views: Buffer[] = [];
  for (let i = 0; i < data + parity; i++) views.push(buffer.subarray(i * shardSize, (i + 1) * shardSize));
  return views;
}
