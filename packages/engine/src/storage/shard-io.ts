/**
 * Where shard bytes go to and come from: files on a drive or memory (inline objects and heal
 * buffers). Writers append `[hash][shard]` records at explicit positions (shard-file.ts); readers
 * fetch a byte range. A file reader opens its file on first use, so an object read touches only the
 * drives and parts it needs.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { giveFlushSlot, takeFlushSlot } from './flush-budget.js';

/** A shard shorter than its metadata says: stored data is damaged (not a drive gone missing). */
export class ShardTruncated extends Error {
  override readonly name = 'ShardTruncated';
}

export interface ShardWriter {
  /** Appends one block's hash and shard bytes. Calls may overlap; each lands at its own offset. */
  write(hash: Uint8Array, shard: Uint8Array): Promise<void>;
  /** Flushes to stable storage and closes. */
  finish(): Promise<void>;
  /** Closes without flushing (the caller removes the data). */
  abort(): Promise<void>;
}

export interface ShardReader {
  /** Exactly `length` bytes at `offset`; throws when the shard is shorter (missing data). */
  read(offset: number, length: number): Promise<Buffer>;
  /** Fills `target` with the bytes at `offset`; throws when the shard is shorter. */
  readInto?(offset: number, target: Uint8Array): Promise<void>;
  close(): Promise<void>;
}

/** Bytes a shard file may get ahead of its last flush before the next one starts. */
export const FLUSH_EVERY_BYTES = 4 * 1024 * 1024;

export class FileShardWriter implements ShardWriter {
  private position = 0;
  private flushedTo = 0;
  /** The flush running in the background, if any. */
  private flushing: Promise<void> | undefined;
  private flushError: unknown;

  private constructor(
    private readonly handle: FileHandle,
    private readonly flushEvery: number,
  ) {}

  /**
   * Shards are flushed while the body is still arriving: once `flushEvery` bytes were written
   * since the last flush, an fdatasync starts in the background (one at a time per file), so the
   * fsync at `finish` has only the tail left — a single flush of the whole shard at the end was
   * a third of a large PUT's time. A failed background flush fails `finish`.
   */
  static async create(path: string, flushEvery = FLUSH_EVERY_BYTES): Promise<FileShardWriter> {
    return new FileShardWriter(await open(path, 'w', 0o644), flushEvery);
  }

  async write(hash: Uint8Array, shard: Uint8Array): Promise<void> {
    const at = this.position;
    const length = hash.length + shard.length;
    this.position += length;
    const { bytesWritten } = await this.handle.writev([hash, shard], at);
    if (bytesWritten !== length) {
      // writev may write short on some filesystems: finish the rest explicitly.
      const all = Buffer.concat([hash, shard]);
      let done = bytesWritten;
      while (done < length) {
        const r = await this.handle.write(all, done, length - done, at + done);
        done += r.bytesWritten;
      }
    }
    this.maybeFlush(at + length);
  }

  /** Starts a background flush when enough was written since the last one. */
  private maybeFlush(writtenTo: number): void {
    if (this.flushing !== undefined || writtenTo - this.flushedTo < this.flushEvery) return;
    // Half of libuv's pool at most (flush-budget.ts): otherwise flushes starve the writes.
    if (!takeFlushSlot()) return;
    this.flushing = this.handle.datasync().then(
      () => {
        giveFlushSlot();
        this.flushedTo = Math.max(this.flushedTo, writtenTo);
        this.flushing = undefined;
      },
      (error: unknown) => {
        giveFlushSlot();
        this.flushError ??= error;
        this.flushing = undefined;
      },
    );
  }

  async finish(): Promise<void> {
    try {
      // The final fsync starts at once, beside a background flush still running, instead of
      // after it: it covers every byte written (all writes have completed when finish is called),
      // and waiting for the older flush first put two flush round trips on the PUT's tail.
      // Both are awaited, and an error of either fails the write.
      await Promise.all([this.flushing, this.handle.sync()]);
      if (this.flushError !== undefined) throw this.flushError;
    } finally {
      await this.handle.close();
    }
  }

  async abort(): Promise<void> {
    await this.flushing;
    await this.handle.close().catch(() => undefined);
  }
}

export class MemoryShardWriter implements ShardWriter {
  private readonly chunks: Uint8Array[] = [];
  write(hash: Uint8Array, shard: Uint8Array): Promise<void> {
    this.chunks.push(hash, shard);
    return Promise.resolve();
  }
  finish(): Promise<void> {
    return Promise.resolve();
  }
  abort(): Promise<void> {
    return Promise.resolve();
  }
  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

export class FileShardReader implements ShardReader {
  private handle: Promise<FileHandle> | undefined;
  constructor(private readonly path: string) {}

  /** Opens the file now (readers of a version being replaced keep their open handles valid). */
  async preopen(): Promise<void> {
    await this.open();
  }

  private open(): Promise<FileHandle> {
    this.handle ??= open(this.path, 'r');
    return this.handle;
  }

  async read(offset: number, length: number): Promise<Buffer> {
    const buffer = Buffer.allocUnsafe(length);
    await this.readInto(offset, buffer);
    return buffer;
  }

  async readInto(offset: number, target: Uint8Array): Promise<void> {
    const handle = await this.open();
    const length = target.length;
    let done = 0;
    while (done < length) {
      const { bytesRead } = await handle.read(target, done, length - done, offset + done);
      if (bytesRead === 0) throw new ShardTruncated(`shard file ${this.path} is truncated`);
      done += bytesRead;
    }
  }

  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    if (handle) await (await handle.catch(() => undefined))?.close();
  }
}

export class MemoryShardReader implements ShardReader {
  private data: Buffer | undefined;
  /**
   * `source` is the shard's bytes, or a function fetching them on first read (inline data in a
   * drive's index: a read that needs only the data shards then looks up only those drives).
   * A fetch that returns undefined means the bytes are missing.
   */
  constructor(private readonly source: Buffer | (() => Buffer | undefined)) {
    if (Buffer.isBuffer(source)) this.data = source;
  }

  read(offset: number, length: number): Promise<Buffer> {
    if (this.data === undefined && typeof this.source === 'function') {
      try {
        this.data = this.source();
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      if (this.data === undefined) return Promise.reject(new Error('inline shard is missing'));
    }
    const data = this.data;
    if (data === undefined || offset + length > data.length)
      return Promise.reject(new ShardTruncated('inline shard is truncated'));
    return Promise.resolve(data.subarray(offset, offset + length));
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}
