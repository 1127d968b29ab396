/**
 * Streaming erasure encoder: takes object data block by block, splits each block into data
 * shards, computes parity and appends `[hash][shard]` to each shard's writer (shard-file.ts).
 *
 * Back-pressure: at most `maxInFlight` blocks are being written at once; `writeBlock` awaits the
 * oldest before returning, so memory stays bounded by a few blocks whatever the object size, while
 * the drives write in parallel with the encoding of the next block. A writer that fails is dropped
 * (its drive will be healed) and the write goes on while the remaining writers still make write
 * quorum; below quorum it throws InsufficientWriteQuorum and the caller removes the temp data.
 */
import { InsufficientWriteQuorum } from './errors.js';
import type { BitrotAlgorithm } from './records.js';
import { splitBlock, type ReedSolomon } from './reed-solomon.js';
import type { BitrotHasher } from './shard-file.js';
import type { ShardWriter } from './shard-io.js';

export class ErasureEncoder {
  private readonly pending: Promise<void>[] = [];
  /** Per shard index: the error that took the writer out, if any. */
  readonly failures: (unknown | undefined)[];
  private readonly writers: (ShardWriter | undefined)[];

  constructor(
    private readonly rs: ReedSolomon,
    writers: (ShardWriter | undefined)[],
    private readonly writeQuorum: number,
    private readonly algorithm: BitrotAlgorithm,
    private readonly hasher: BitrotHasher,
    private readonly maxInFlight = 4,
  ) {
    this.writers = writers;
    this.failures = writers.map((w) => (w === undefined ? new Error('drive unavailable') : undefined));
    this.checkQuorum();
  }

  /** Number of shard writers still healthy. */
  get alive(): number {
    return this.failures.filter((f) => f === undefined).length;
  }

  private checkQuorum(): void {
    if (this.alive < this.writeQuorum) {
      const cause = this.failures.find((f) => f !== undefined);
      throw new InsufficientWriteQuorum(
        `only ${this.alive} of ${this.writers.length} drives accepted the write (need ${this.writeQuorum})` +
          (cause instanceof Error ? `: ${cause.message}` : ''),
      );
    }
  }

  /** Encodes and writes one block (copied into fresh shard buffers). */
  async writeBlock(block: Uint8Array): Promise<void> {
    await this.writeShards(splitBlock(block, this.rs.dataShards, this.rs.parityShards));
  }

  /**
   * Computes the parity shards of `shards` (data shards filled, parity shards any content) in
   * place and writes them all; `onWritten` runs once every write of this block has settled (the
   * shard memory may then be reused). Resolves when back-pressure allows the next block.
   */
  async writeShards(shards: Uint8Array[], onWritten?: () => void): Promise<void> {
    this.rs.encode(shards);
    const writes: Promise<void>[] = [];
    shards.forEach((shard, i) => {
      const writer = this.writers[i];
      if (writer === undefined || this.failures[i] !== undefined) return;
      const hash = this.hasher.hash(this.algorithm, shard);
      writes.push(
        writer.write(hash, shard).catch((error: unknown) => {
          this.failures[i] ??= error;
        }),
      );
    });
    this.pending.push(
      Promise.all(writes).then(() => {
        onWritten?.();
      }),
    );
    while (this.pending.length >= this.maxInFlight) await this.pending.shift();
    this.checkQuorum();
  }

  /** Waits for outstanding writes and flushes every healthy writer to stable storage. */
  async finish(): Promise<void> {
    await Promise.all(this.pending.splice(0));
    this.checkQuorum();
    await Promise.all(
      this.writers.map(async (w, i) => {
        if (w === undefined) return;
        if (this.failures[i] !== undefined) {
          await w.abort();
          return;
        }
        try {
          await w.finish();
        } catch (error) {
          this.failures[i] ??= error;
        }
      }),
    );
    this.checkQuorum();
  }

  async abort(): Promise<void> {
    await Promise.allSettled(this.pending.splice(0));
    await Promise.all(this.writers.map((w) => w?.abort()));
  }
}
