/**
 * Shared state of the erasure object layer: the drives, the codec, quorums, locks and the bucket
 * metadata cache, plus the few primitives every operation builds on — read a record from every
 * drive, commit per-drive metadata changes with write quorum. The operations themselves live in
 * buckets.ts, objects.ts, multipart.ts, listing.ts, system-files.ts and healing.ts as functions of
 * this core; `ErasureObjectLayer` (erasure-object-layer.ts) binds them to the `ObjectLayer`
 * interface.
 */
import zlib from 'node:zlib';
import { DriveUnavailable, type Drive, type MetaOp } from '../storage/drive.js';
import { BlockPool } from '../storage/block-pool.js';
import { DigestWorker } from '../storage/digest-worker.js';
import type { FormatFile } from '../storage/format.js';
import type { BucketRecord } from '../storage/records.js';
import { ReedSolomon } from '../storage/reed-solomon.js';
import { ReadBufferPool } from '../storage/read-buffers.js';
import { isResourceExhaustion } from '../storage/resource-errors.js';
import { BLOCK_SIZE, DEFAULT_BITROT, hashSize, type BitrotHasher } from '../storage/shard-file.js';
import { InsufficientReadQuorum, InsufficientWriteQuorum } from './errors.js';
import { KeyedLock } from './keyed-lock.js';
import type { DriveHealProgress } from './types.js';
import { ReadPins } from './read-pins.js';

/**
 * Block buffers in the shard arena: a large PUT holds up to about ten (encoding, writing and
 * waiting for the digest worker), so this serves two or three concurrent uploads in place; more
 * get ordinary buffers.
 */
const ARENA_SLOTS = 24;
/** Free read buffers kept: a streamed GET holds three or four (read-ahead, queued to the socket). */
const READ_POOL_FREE = 16;

export class LayerCore {
  readonly n: number;
  readonly rs: ReedSolomon;
  readonly readQuorum: number;
  readonly writeQuorum: number;
  readonly objectLocks = new KeyedLock();
  readonly bucketLocks = new KeyedLock();
  readonly uploadLocks = new KeyedLock();
  /** Bucket records as last read or written; all writes go through this process. */
  readonly bucketCache = new Map<string, BucketRecord>();
  /** Set by the layer: schedules a background heal of one object (fire and forget). */
  scheduleHeal: (bucket: string, key: string, reason: string) => void = () => undefined;
  /** Digests of streamed bodies, off the main thread. */
  readonly digests = new DigestWorker();
  /** Erasure-block buffers of the streaming write path. */
  readonly blocks: BlockPool;
  /** Block buffers of streamed reads, recycled as the consumer releases them. */
  readonly readBuffers: ReadBufferPool;
  closed = false;
  /** Drive slots being healed by a running `healAll` after they were (re)formatted. */
  readonly healingDrives = new Set<number>();
  /** What the running `healAll` did for `healingDrives` so far (background heal status). */
  healProgress: DriveHealProgress | undefined;
  /** Data dirs open readers still stream from: their removal waits (read-pins.ts, issue 14 §1). */
  readonly readPins = new ReadPins();
  /** Set by the layer: called after a drive check that an I/O error set off (self-healing). */
  onDriveChecked: () => void = () => undefined;

  constructor(
    readonly drives: Drive[],
    readonly deploymentId: string,
    readonly dataShards: number,
    readonly parityShards: number,
    /** Format of the deployment (driveId replaced per slot when formatting a fresh drive). */
    readonly formatTemplate: FormatFile,
    readonly bitrot: BitrotHasher,
    readonly log: (msg: string) => void,
  ) {
    this.n = drives.length;
    this.rs = new ReedSolomon(dataShards, parityShards);
    // Block buffers in the codec's own memory: parity and bitrot hashes are computed in place.
    const blockBytes = Math.ceil(BLOCK_SIZE / dataShards) * drives.length;
    const arena = this.rs.createArena(blockBytes, ARENA_SLOTS);
    if (arena !== undefined) {
      bitrot.attachArena(arena);
      this.digests.pin(arena.buffer);
    }
    this.blocks = new BlockPool(blockBytes, 16, arena);
    // Read buffers of streamed GETs: a block's data shards with their hashes. Ordinary memory,
    // not an arena: a buffer whose pieces a reader never hands back must be left to the GC.
    const readBytes = dataShards * (hashSize(DEFAULT_BITROT) + Math.ceil(BLOCK_SIZE / dataShards));
    this.readBuffers = new ReadBufferPool(readBytes, undefined, READ_POOL_FREE);
    this.readQuorum = dataShards;
    this.writeQuorum = dataShards === parityShards ? dataShards + 1 : dataShards;
  }

  /**
   * Shard index per drive slot for an object: a rotation by a hash of the key, so that data
   * shards (read first) spread over all drives instead of always landing on the first ones.
   */
  distribution(key: string): number[] {
    const offset = zlib.crc32(key) % this.n;
    return this.drives.map((_, slot) => (slot + offset) % this.n);
  }

  /** Reads one key from every drive: the value, undefined when absent, null when the drive is unavailable. */
  readAll<T>(read: (drive: Drive) => T | undefined): (T | undefined | null)[] {
    return this.drives.map((drive) => {
      if (!drive.ok) return null;
      try {
        return read(drive);
      } catch (error) {
        this.driveError(drive, error);
        return null;
      }
    });
  }

  requireReadQuorum(answered: number): void {
    if (answered < this.readQuorum) {
      throw new InsufficientReadQuorum(
        `only ${answered} of ${this.n} drives are available (need ${this.readQuorum} to read)`,
      );
    }
  }

  onlineCount(): number {
    return this.drives.filter((d) => d.ok).length;
  }

  requireWriteQuorumOnline(): void {
    const online = this.onlineCount();
    if (online < this.writeQuorum) {
      throw new InsufficientWriteQuorum(
        `only ${online} of ${this.n} drives are online (need ${this.writeQuorum} to write)`,
      );
    }
  }

  /**
   * Commits per-drive metadata operations on the given slots in parallel. Returns the slots that
   * succeeded; throws InsufficientWriteQuorum when fewer than `quorum` did (after calling
   * `rollback` on the ones that succeeded, if given).
   */
  async commitEach(
    slots: number[],
    opsFor: (drive: Drive) => MetaOp[] | undefined,
    options: { quorum?: number; rollback?: (drive: Drive) => MetaOp[] | undefined } = {},
  ): Promise<number[]> {
    const quorum = options.quorum ?? this.writeQuorum;
    const results = await Promise.all(
      slots.map(async (slot) => {
        const drive = this.drives[slot];
        if (drive === undefined || !drive.ok) return false;
        try {
          const ops = opsFor(drive);
          if (ops !== undefined && ops.length > 0) await drive.commit(ops);
          return true;
        } catch (error) {
          this.driveError(drive, error);
          return false;
        }
      }),
    );
    const ok = slots.filter((_, i) => results[i] === true);
    if (ok.length < quorum) {
      if (options.rollback) {
        const rollback = options.rollback;
        await Promise.all(
          ok.map(async (slot) => {
            const drive = this.drives[slot];
            const ops = drive ? rollback(drive) : undefined;
            if (drive && ops && ops.length > 0) await drive.commit(ops).catch(() => undefined);
          }),
        );
      }
      throw new InsufficientWriteQuorum(
        `only ${ok.length} of ${this.n} drives accepted the change (need ${quorum})`,
      );
    }
    return ok;
  }

  /** All drive slots. */
  allSlots(): number[] {
    return this.drives.map((_, i) => i);
  }

  driveError(drive: Drive, error: unknown): void {
    if (error instanceof DriveUnavailable) return;
    // Out of file descriptors says nothing about this drive: no re-check (it would fail the same way).
    if (isResourceExhaustion(error)) return;
    this.log(`drive ${drive.endpoint}: ${error instanceof Error ? error.message : String(error)}`);
    // An unexpected error may mean the drive went away: re-check it in the background.
    void drive
      .check()
      .then(() => this.onDriveChecked())
      .catch(() => undefined);
  }
}
