/**
 * Cuts a body stream into erasure blocks of exactly `blockSize` bytes (the last one shorter), and
 * enforces the declared length: more bytes than declared, or fewer at the end, is IncompleteBody.
 * Only one block is buffered at a time; stream errors propagate unchanged to the caller.
 */
import type { Readable } from 'node:stream';
import { IncompleteBody } from '../object-layer/errors.js';

export class BlockReader {
  private readonly iterator: AsyncIterator<unknown>;
  private leftover: Buffer | undefined;
  private done = false;
  total = 0;

  constructor(
    body: Readable,
    private readonly blockSize: number,
    private readonly declaredSize: number,
  ) {
    this.iterator = body[Symbol.asyncIterator]();
  }

  /** The next block, or undefined at the end of the body. */
  async next(): Promise<Buffer | undefined> {
    if (this.done) return undefined;
    const bs = this.blockSize;
    let block: Buffer | undefined;
    let filled = 0;
    while (filled < bs) {
      if (this.leftover === undefined) {
        const r = await this.iterator.next();
        if (r.done === true) {
          this.done = true;
          break;
        }
        const value = r.value;
        const chunk = Buffer.isBuffer(value) ? value : Buffer.from(value as Uint8Array | string);
        if (chunk.length === 0) continue;
        this.total += chunk.length;
        if (this.declaredSize >= 0 && this.total > this.declaredSize) {
          throw new IncompleteBody(`received more than the declared ${this.declaredSize} bytes`);
        }
        this.leftover = chunk;
      }
      const chunk = this.leftover;
      if (filled === 0 && chunk.length >= bs) {
        // A chunk holding a whole block: no copy.
        block = chunk.subarray(0, bs);
        this.leftover = chunk.length > bs ? chunk.subarray(bs) : undefined;
        filled = bs;
        break;
      }
      block ??= Buffer.allocUnsafe(bs);
      const take = Math.min(bs - filled, chunk.length);
      chunk.copy(block, filled, 0, take);
      filled += take;
      this.leftover = take < chunk.length ? chunk.subarray(take) : undefined;
    }
    if (this.done && this.declaredSize >= 0 && this.total < this.declaredSize) {
      throw new IncompleteBody(`received ${this.total} of the declared ${this.declaredSize} bytes`);
    }
    if (filled === 0 || block === undefined) return undefined;
    return filled < bs ? block.subarray(0, filled) : block;
  }

  /**
   * Copies the next `max` body bytes (fewer only at the end) into `target`; returns how many.
   * The streaming write path assembles blocks straight into their shard buffer with this.
   */
  async fill(target: Buffer, max: number): Promise<number> {
    let filled = 0;
    while (filled < max && !this.done) {
      if (this.leftover === undefined) {
        const r = await this.iterator.next();
        if (r.done === true) {
          this.done = true;
          break;
        }
        const value = r.value;
        const chunk = Buffer.isBuffer(value) ? value : Buffer.from(value as Uint8Array | string);
        if (chunk.length === 0) continue;
        this.total += chunk.length;
        if (this.declaredSize >= 0 && this.total > this.declaredSize) {
          throw new IncompleteBody(`received more than the declared ${this.declaredSize} bytes`);
        }
        this.leftover = chunk;
      }
      const chunk = this.leftover;
      const take = Math.min(max - filled, chunk.length);
      chunk.copy(target, filled, 0, take);
      filled += take;
      this.leftover = take < chunk.length ? chunk.subarray(take) : undefined;
    }
    if (this.done && this.declaredSize >= 0 && this.total < this.declaredSize) {
      throw new IncompleteBody(`received ${this.total} of the declared ${this.declaredSize} bytes`);
    }
    return filled;
  }

  /** True once the body has ended (the last block was returned or is empty). */
  get ended(): boolean {
    return this.done && this.leftover === undefined;
  }

  /** Stops reading the body (after an error elsewhere). */
  async cancel(): Promise<void> {
    this.done = true;
    await this.iterator.return?.().catch(() => undefined);
  }
}
