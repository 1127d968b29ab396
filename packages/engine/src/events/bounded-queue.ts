/**
 * A fixed-capacity FIFO ring buffer: pushing onto a full queue evicts the oldest item and hands
 * it back, so memory never grows past `capacity` whatever the consumer does.
 */
export class BoundedQueue<T> {
  private readonly items: (T | undefined)[];
  private head = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`queue capacity must be a positive integer, got ${capacity}`);
    }
    this.items = new Array<T | undefined>(capacity);
  }

  get length(): number {
    return this.count;
  }

  /** Append `item`; returns the evicted oldest item when the queue was full. */
  push(item: T): T | undefined {
    let evicted: T | undefined;
    if (this.count === this.capacity) {
      evicted = this.shift();
    }
    this.items[(this.head + this.count) % this.capacity] = item;
    this.count++;
    return evicted;
  }

  /** Remove and return the oldest item. */
  shift(): T | undefined {
    if (this.count === 0) return undefined;
    const item = this.items[this.head];
    // Release the slot so a delivered event can be garbage collected.
    this.items[this.head] = undefined;
    this.head = (this.head + 1) % this.capacity;
    this.count--;
    return item;
  }

  /** The queued items, oldest first (the queue is unchanged). */
  toArray(): T[] {
    const out: T[] = [];
    for (let i = 0; i < this.count; i++) out.push(this.items[(this.head + i) % this.capacity] as T);
    return out;
  }

  clear(): void {
    this.items.fill(undefined);
    this.head = 0;
    this.count = 0;
  }
}
