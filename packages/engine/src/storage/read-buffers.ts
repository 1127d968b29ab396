/**
 * Recyclable buffers for streamed object reads. Each buffer receives one erasure block's data
 * shards as they are on disk (`[hash][shard]` per data shard, at a fixed stride), is verified in
 * place and handed out as one piece per data shard. A consumer that calls `release(piece)` once
 * it no longer needs a piece (the GET handler does, when the socket has taken the bytes) lets the
 * buffer be reused when all its pieces are back; a consumer that does not simply leaves it to the
 * garbage collector. Without this every 64 MiB GET allocated 64 MiB of fresh buffers, and the
 * external memory drove V8 into a full mark-compact every ~30 MiB read: a fifth of a GET's CPU.
 *
 * Buffers come from a small free list, else from fresh allocations (SharedArrayBuffers, see
 * `acquire`). An arena (reed-solomon.ts,
 * where the bitrot hash is computed in place) may be given, but its slots are only reclaimed by
 * `release`: use one only with consumers that release every piece (a slot whose pieces are
 * dropped is lost to the arena, whereas an ordinary buffer is simply collected). The object layer
 * uses ordinary buffers, since it cannot know whether its callers release.
 */
import type { ShardArena } from './reed-solomon.js';

interface Holder {
  buffer: Buffer;
  /** Pieces handed out and not released yet. */
  pieces: number;
}

export class ReadBufferPool {
  private readonly free: Buffer[] = [];
  private readonly holders = new WeakMap<Buffer, Holder>();

  constructor(
    /** Bytes per buffer: data shards × (hash + full shard). */
    readonly size: number,
    private readonly arena?: ShardArena,
    private readonly maxFree = 8,
  ) {}

  acquire(): Buffer {
    // Shared memory, so that a cipher thread can decrypt an encrypted object's pieces where they
    // are (crypto/cipher-pool.ts `openInto`) instead of the event loop copying them out first.
    return this.arena?.acquire() ?? this.free.pop() ?? Buffer.from(new SharedArrayBuffer(this.size));
  }

  /** Takes back a buffer that was acquired and never handed out. */
  giveBack(buffer: Buffer): void {
    if (this.arena?.release(buffer) === true) return;
    if (this.arena?.holds(buffer) === true) return;
    if (buffer.length === this.size && this.free.length < this.maxFree) this.free.push(buffer);
  }

  /** Hands `pieces` (views of `buffer`) out: the buffer comes back once each was released. */
  share(buffer: Buffer, pieces: Buffer[]): void {
    if (pieces.length === 0) {
      this.giveBack(buffer);
      return;
    }
    const holder: Holder = { buffer, pieces: pieces.length };
    for (const piece of pieces) this.holders.set(piece, holder);
  }

  /** The consumer is done with `piece` (a no-op for anything not handed out by `share`). */
  release(piece: Buffer): void {
    const holder = this.holders.get(piece);
    if (holder === undefined) return;
    this.holders.delete(piece);
    holder.pieces--;
    if (holder.pieces === 0) this.giveBack(holder.buffer);
  }
}
