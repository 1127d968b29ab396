/**
 * Cuts a body stream into erasure blocks of exactly `blockSize` bytes (the last one shorter), and
 * enforces the declared length: more bytes than declared, or fewer at the end, is IncompleteBody.
 * Stream errors propagate unchanged to the caller.
 *
 * The body is consumed through 'data' events into a small queue (at most about one block, then
 * the stream is paused until the queue drains), not through the stream's async iterator: that
 * costs a few promises per chunk — about 1,000 chunks of 64 KiB per 64 MiB upload — and, when
 * several chunks are buffered, joins them into a new buffer that `fill` then copies again.
 */
import type { Readable } from 'node:stream';
import { copyInto } from './copy-into.js';
import { IncompleteBody } from './errors.js';

export class BlockReader {
  private readonly queue: Buffer[] = [];
  private queued = 0;
  /** The first chunk's bytes not consumed yet start here. */
  private head = 0;
  /** The stream ended (all its data is in the queue). */
  private streamEnded = false;
  private failure: { error: unknown } | undefined;
  private wake: (() => void) | undefined;
  private done = false;
  total = 0;

  /** `release` gets each chunk once its bytes are copied out (its producer may reuse it). */
  constructor(
    private readonly body: Readable,
    private readonly blockSize: number,
    private readonly declaredSize: number,
    private readonly release?: (chunk: Buffer) => void,
  ) {
    body.on('data', this.onData);
    body.once('end', this.onEnd);
    body.once('error', this.onError);
    body.once('close', this.onClose);
  }

  private readonly onData = (value: unknown): void => {
    const chunk = Buffer.isBuffer(value) ? value : Buffer.from(value as Uint8Array | string);
    if (chunk.length === 0) return;
    this.total += chunk.length;
    if (this.declaredSize >= 0 && this.total > this.declaredSize) {
      this.fail(new IncompleteBody(`received more than the declared ${this.declaredSize} bytes`));
      return;
    }
    this.queue.push(chunk);
    this.queued += chunk.length;
    // Back-pressure: hold at most about one block beyond what `fill` is consuming.
    if (this.queued >= this.blockSize) this.body.pause();
    this.notify();
  };

  private readonly onEnd = (): void => {
    this.streamEnded = true;
    this.notify();
  };

  private readonly onError = (error: unknown): void => {
    this.fail(error);
  };

  private readonly onClose = (): void => {
    // Closed without 'end' (e.g. the client went away mid-body) and without an error event.
    if (!this.streamEnded) this.fail(new Error('the request body ended prematurely'));
  };

  private fail(error: unknown): void {
    this.failure ??= { error };
    this.detach();
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  private detach(): void {
    this.body.off('data', this.onData);
    this.body.off('end', this.onEnd);
    this.body.off('close', this.onClose);
    // A listener stays so a late error cannot go unhandled.
    this.body.off('error', this.onError);
    this.body.on('error', () => undefined);
  }

  /** Resolves when there is data, the end, or a failure. */
  private async more(): Promise<void> {
    if (this.queue.length > 0 || this.streamEnded || this.failure !== undefined) return;
    if (this.body.isPaused()) this.body.resume();
    await new Promise<void>((resolve) => {
      this.wake = resolve;
    });
  }

  /**
   * Copies the next `max` body bytes (fewer only at the end) into `target`; returns how many.
   * The streaming write path assembles blocks straight into their shard buffer with this.
   */
  async fill(target: Buffer, max: number): Promise<number> {
    let filled = 0;
    while (filled < max && !this.done) {
      if (this.failure !== undefined) throw this.failure.error;
      const chunk = this.queue[0];
      if (chunk === undefined) {
        if (this.streamEnded) {
          this.done = true;
          this.detach();
          break;
        }
        await this.more();
        continue;
      }
      const take = Math.min(max - filled, chunk.length - this.head);
      copyInto(target, filled, chunk, this.head, take);
      filled += take;
      this.head += take;
      this.queued -= take;
      if (this.head === chunk.length) {
        this.queue.shift();
        this.head = 0;
        this.release?.(chunk);
      }
      if (!this.streamEnded && this.queued < this.blockSize && this.body.isPaused()) this.body.resume();
    }
    if (this.failure !== undefined) throw this.failure.error;
    if (this.done && this.declaredSize >= 0 && this.total < this.declaredSize) {
      throw new IncompleteBody(`received ${this.total} of the declared ${this.declaredSize} bytes`);
    }
    return filled;
  }

  /** The next block in a new buffer, or undefined at the end of the body. */
  async next(): Promise<Buffer | undefined> {
    const block = Buffer.allocUnsafe(this.blockSize);
    const n = await this.fill(block, this.blockSize);
    return n === 0 ? undefined : block.subarray(0, n);
  }

  /** True once the body has ended and every byte of it was returned. */
  get ended(): boolean {
    return this.done || (this.streamEnded && this.queue.length === 0 && this.failure === undefined);
  }

  /** Stops reading the body (after an error elsewhere): the stream is destroyed. */
  cancel(): Promise<void> {
    const finished = this.streamEnded && this.queue.length === 0;
    this.done = true;
    this.queue.length = 0;
    this.queued = 0;
    this.detach();
    if (!finished && !this.body.destroyed) this.body.destroy();
    return Promise.resolve();
  }
}
