/**
 * Erasure decoding of one part: reads the shards of a block, verifies each against its hash (the
 * data shards of a read whose caller authenticates the bytes itself excepted) and rebuilds
 * whatever is missing or corrupt from the others. Data shards are read first (no decoding
 * needed when they are all good); parity shards only replace the ones that failed. A failed shard
 * reader is not asked again for later blocks. Every failure is reported through `onBad`, so the
 * caller can schedule a heal, and bad bytes are never returned.
 */
import { FileCorrupt, InsufficientReadQuorum } from './errors.js';
import type { ReedSolomon } from './reed-solomon.js';
import type { BitrotHasher, PartGeometry } from './shard-file.js';
import type { ReadBufferPool } from './read-buffers.js';
import { ShardTruncated, type ShardReader } from './shard-io.js';

export class PartDecoder {
  /** Shard indices whose reader failed or returned corrupt data. */
  readonly bad = new Set<number>();
  /**
   * Of `bad`, the shards whose bytes were read and found damaged (checksum mismatch, truncated).
   * The others could not be read at all (drive offline or wiped, file missing, I/O error, out of
   * file descriptors): losing too many of those is a read-quorum loss, not tampered data.
   */
  private readonly corrupt = new Set<number>();

  constructor(
    private readonly rs: ReedSolomon,
    private readonly geometry: PartGeometry,
    /** By shard index; undefined where the drive or its data is known to be missing. */
    private readonly readers: (ShardReader | undefined)[],
    private readonly hasher: BitrotHasher,
    private readonly onBad: (shardIndex: number, reason: string) => void = () => undefined,
    /** Where `readBlockPieces` reads blocks to, when given (read-buffers.ts). */
    private readonly buffers?: ReadBufferPool,
    /**
     * The caller authenticates the bytes itself (encryption at rest): `readBlockPieces` skips the
     * bitrot check of intact data shards. A shard that cannot be read is still replaced from
     * parity (verified), and a damaged one shows as the caller's failure, which reads again
     * without this to find and rebuild it.
     */
    private readonly skipDataHashes = false,
  ) {
    readers.forEach((r, i) => {
      if (r === undefined) this.bad.add(i);
    });
  }

  private async readShard(j: number, index: number): Promise<Uint8Array | undefined> {
    const reader = this.readers[index];
    if (reader === undefined || this.bad.has(index)) return undefined;
    const place = this.geometry.block(j);
    const hashLen = this.geometry.hash;
    try {
      const raw = await reader.read(place.offset, hashLen + place.shardLength);
      const shard = raw.subarray(hashLen);
      const expected = raw.subarray(0, hashLen);
      if (!this.hasher.hash(this.geometry.algorithm, shard).equals(expected)) {
        this.markBad(index, `block ${j}: checksum mismatch`, true);
        return undefined;
      }
      return shard;
    } catch (error) {
      this.markReadFailure(index, j, error);
      return undefined;
    }
  }

  private markBad(index: number, reason: string, corrupt: boolean): void {
    if (this.bad.has(index)) return;
    this.bad.add(index);
    if (corrupt) this.corrupt.add(index);
    this.onBad(index, reason);
  }

  /** A read that threw: damaged data when the shard was too short, otherwise an unreadable shard. */
  private markReadFailure(index: number, j: number, error: unknown): void {
    const reason = `block ${j}: ${error instanceof Error ? error.message : String(error)}`;
    this.markBad(index, reason, error instanceof ShardTruncated);
  }

  /**
   * The shards of block j, verified; missing data shards are rebuilt, and with `all` the missing
   * parity shards too (heal).
   */
  async readBlockShards(j: number, all = false): Promise<Uint8Array[]> {
    const total = this.rs.totalShards;
    const data = this.rs.dataShards;
    const shards: (Uint8Array | undefined)[] = new Array<Uint8Array | undefined>(total).fill(undefined);
    let good = 0;
    let next = 0;
    // Read in waves: first the data shards, then as many others as shards failed.
    while (good < data && next < total) {
      const wave: number[] = [];
      while (wave.length < data - good && next < total) {
        if (!this.bad.has(next)) wave.push(next);
        next++;
      }
      if (wave.length === 0) break;
      const results = await Promise.all(wave.map((i) => this.readShard(j, i)));
      results.forEach((r, k) => {
        const index = wave[k] ?? 0;
        if (r !== undefined) {
          shards[index] = r;
          good++;
        }
      });
    }
    if (good < data) {
      const message = `block ${j}: only ${good} of ${total} shards readable, ${data} needed`;
      // More shards unreadable than parity covers is a quorum loss (503), whatever else failed;
      // only when damaged data is what tipped the balance is the object reported as tampered.
      const unreadable = this.bad.size - this.corrupt.size;
      throw unreadable > total - data ? new InsufficientReadQuorum(message) : new FileCorrupt(message);
    }
    if (all) {
      // Heal needs every shard: read the remaining good ones so only the truly bad are rebuilt.
      const rest: number[] = [];
      for (let i = 0; i < total; i++) if (shards[i] === undefined && !this.bad.has(i)) rest.push(i);
      const results = await Promise.all(rest.map((i) => this.readShard(j, i)));
      results.forEach((r, k) => {
        if (r !== undefined) shards[rest[k] ?? 0] = r;
      });
    }
    let complete = true;
    for (let i = 0; i < (all ? total : data); i++) if (shards[i] === undefined) complete = false;
    if (complete) return shards as Uint8Array[];
    return this.rs.reconstruct(shards, { dataOnly: !all });
  }

  /**
   * The object bytes of block j as its data shards, in order, cut to the block's length: views of
   * the buffers the shards were read into, so a streamed read never copies them into one block.
   */
  async readBlockPieces(j: number): Promise<Buffer[]> {
    const pooled = this.buffers === undefined ? undefined : await this.readPooledPieces(j, this.buffers);
    if (pooled !== undefined) return pooled;
    const shards = await this.readBlockShards(j);
    const place = this.geometry.block(j);
    const pieces: Buffer[] = [];
    let remaining = place.blockLength;
    for (let i = 0; i < this.rs.dataShards && remaining > 0; i++) {
      const shard = shards[i] as Uint8Array;
      const n = Math.min(place.shardLength, remaining);
      pieces.push(Buffer.from(shard.buffer, shard.byteOffset, n));
      remaining -= n;
    }
    return pieces;
  }

  /**
   * The common case of `readBlockPieces`: every data shard readable and intact, read into one
   * pooled buffer and verified there; the pieces go back to the pool as the consumer releases
   * them. Undefined when a data shard is (or turns out) bad: the caller then rebuilds the block.
   */
  private async readPooledPieces(j: number, buffers: ReadBufferPool): Promise<Buffer[] | undefined> {
    const data = this.rs.dataShards;
    for (let i = 0; i < data; i++) {
      if (this.bad.has(i) || this.readers[i]?.readInto === undefined) return undefined;
    }
    const place = this.geometry.block(j);
    const hashLen = this.geometry.hash;
    const stride = hashLen + this.geometry.fullShard;
    const buffer = buffers.acquire();
    if (buffer.length < data * stride) {
      buffers.giveBack(buffer);
      return undefined;
    }
    const results = await Promise.all(
      Array.from({ length: data }, async (_, i) => {
        const raw = buffer.subarray(i * stride, i * stride + hashLen + place.shardLength);
        try {
          await (this.readers[i] as ShardReader & Required<Pick<ShardReader, 'readInto'>>).readInto(
            place.offset,
            raw,
          );
        } catch (error) {
          this.markReadFailure(i, j, error);
          return false;
        }
        if (this.skipDataHashes) return true;
        const shard = raw.subarray(hashLen);
        if (!this.hasher.hash(this.geometry.algorithm, shard).equals(raw.subarray(0, hashLen))) {
          this.markBad(i, `block ${j}: checksum mismatch`, true);
          return false;
        }
        return true;
      }),
    );
    if (results.includes(false)) {
      buffers.giveBack(buffer);
      return undefined;
    }
    const pieces: Buffer[] = [];
    let remaining = place.blockLength;
    for (let i = 0; i < data && remaining > 0; i++) {
      const n = Math.min(place.shardLength, remaining);
      pieces.push(buffer.subarray(i * stride + hashLen, i * stride + hashLen + n));
      remaining -= n;
    }
    buffers.share(buffer, pieces);
    return pieces;
  }

  /** The object bytes of block j in one buffer. */
  async readBlock(j: number): Promise<Buffer> {
    const pieces = await this.readBlockPieces(j);
    return pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces);
  }

  async close(): Promise<void> {
    await Promise.all(this.readers.map((r) => r?.close().catch(() => undefined)));
  }
}

/**
 * Yields bytes [start, end] (inclusive, part-relative) of a part, reading one block ahead so
 * drive reads overlap with the consumer. A block comes out as its data shards (one chunk each).
 */
export async function* readPartRange(
  decoder: PartDecoder,
  geometry: PartGeometry,
  start: number,
  end: number,
): AsyncGenerator<Buffer> {
  if (end < start || geometry.partSize === 0) return;
  const bs = geometry.blockSize;
  const first = Math.floor(start / bs);
  const last = Math.floor(end / bs);
  let next: Promise<Buffer[]> | undefined = decoder.readBlockPieces(first);
  for (let j = first; j <= last; j++) {
    const current: Promise<Buffer[]> = next ?? decoder.readBlockPieces(j);
    next = j < last ? decoder.readBlockPieces(j + 1) : undefined;
    // Keep a rejected read-ahead from surfacing as unhandled when the consumer stops early.
    next?.catch(() => undefined);
    // Part-relative offset of each piece; yield the parts of pieces inside [start, end].
    let at = j * bs;
    for (const piece of await current) {
      const from = Math.max(start - at, 0);
      const to = Math.min(end - at + 1, piece.length);
      if (from < to) yield from === 0 && to === piece.length ? piece : piece.subarray(from, to);
      at += piece.length;
    }
  }
}
