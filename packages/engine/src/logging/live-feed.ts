/**
 * One live subscriber of the trace hub or the console log: a bounded queue the publisher pushes
 * into without ever waiting, and an async `next()` the streaming handler pulls from. A reader that
 * falls behind loses the newest entries once `capacity` are waiting (MinIO's pub/sub drops on a
 * full channel the same way) and the drops are counted, so a slow admin client costs at most
 * `capacity` entries of memory and never slows the requests being traced.
 */
import { BoundedQueue } from '../events/bounded-queue.js';

export class LiveFeed<T> {
  private readonly queue: BoundedQueue<T>;
  private waiter: ((item: T | undefined) => void) | undefined;
  private closed = false;
  /** Entries lost because the reader was `capacity` entries behind. */
  dropped = 0;

  constructor(
    capacity: number,
    private readonly onClose: () => void = () => undefined,
  ) {
    this.queue = new BoundedQueue<T>(capacity);
  }

  /** Hand `item` to the reader (at once when it is waiting); drop it when the queue is full. */
  push(item: T): void {
    if (this.closed) return;
    const waiter = this.waiter;
    if (waiter !== undefined) {
      this.waiter = undefined;
      waiter(item);
      return;
    }
    if (this.queue.length === this.queue.capacity) {
      this.dropped++;
      return;
    }
    this.queue.push(item);
  }

  /** The next entry; waits for one. `undefined` once the feed is closed. */
  next(): Promise<T | undefined> {
    if (this.queue.length > 0) return Promise.resolve(this.queue.shift());
    if (this.closed) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      this.waiter = resolve;
    });
  }

  /** The next entry if one is queued now (no waiting). */
  poll(): T | undefined {
    return this.queue.shift();
  }

  /** Stop the feed: the publisher forgets it, a waiting `next()` resolves `undefined`. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.queue.clear();
    this.waiter?.(undefined);
    this.waiter = undefined;
    this.onClose();
  }
}
