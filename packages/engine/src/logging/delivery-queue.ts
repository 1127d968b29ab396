/**
 * The delivery queue of one logger or audit webhook target: entries (serialised JSON) are sent in
 * order, in batches of `batchSize`, and retried with exponential back-off while the endpoint fails.
 * The queue is bounded (`limit`): when it is full new entries are dropped and counted — a slow or
 * absent endpoint never blocks requests nor grows memory without bound. With `dir`, every entry is
 * also written to a file of its own (sequence-numbered) before it is sent and removed once it has
 * been delivered, so entries survive an outage and a restart: a queue opened over the same
 * directory sends what was left, first.
 */
import { mkdir, readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface DeliveryQueueOptions {
  /** Most entries held (MinIO's `queue_size`). */
  limit: number;
  /** Entries per request (MinIO's `batch_size`). */
  batchSize: number;
  /** Directory persisting the queue (MinIO's `queue_dir`), if any. */
  dir?: string;
  /** Deliver a batch; throws when the endpoint did not take it. */
  send: (batch: string[], signal: AbortSignal) => Promise<void>;
  /** Reports the start and end of an outage (once each, not per retry). */
  log: (line: string) => void;
  /** Back-off between retries, doubling from `retryMinMs` up to `retryMaxMs`. */
  retryMinMs?: number;
  retryMaxMs?: number;
  /** Wait for this before reading `dir` or sending (a predecessor over the same directory stopping). */
  after?: Promise<unknown>;
}

interface Item {
  seq: number;
  body: string;
  /** Settles once the entry's file is written (persistent queues). */
  saved?: Promise<void>;
}

const FILE = /^(\d{16})\.json$/;

export class DeliveryQueue {
  /** Entries dropped because the queue was full. */
  dropped = 0;
  /** Entries delivered. */
  sent = 0;
  private items: Item[] = [];
  private nextSeq = 0;
  private running = false;
  /** The send loop while it runs (close waits for it: a delivered batch's files are removed). */
  private current: Promise<void> = Promise.resolve();
  private closed = false;
  private failing = false;
  private readonly loaded: Promise<void>;
  private readonly abort = new AbortController();
  private wake: (() => void) | undefined;
  private drainWaiters: (() => void)[] = [];

  constructor(private readonly options: DeliveryQueueOptions) {
    const { dir } = options;
    const after = (options.after ?? Promise.resolve()).catch(() => undefined);
    this.loaded = dir !== undefined ? after.then(() => this.load(dir)) : after.then(() => undefined);
    this.kick();
  }

  /** Entries waiting (not yet delivered). */
  get length(): number {
    return this.items.length;
  }

  /** The entries not yet delivered, oldest first. */
  pending(): string[] {
    return this.items.map((item) => item.body);
  }

  /** Resolves once every entry queued so far has been delivered (and its file removed). */
  drained(): Promise<void> {
    if (this.items.length === 0 && !this.running) return Promise.resolve();
    return new Promise((resolve) => this.drainWaiters.push(resolve));
  }

  /** Queue `body`; false when it was dropped (queue full or closed). */
  enqueue(body: string): boolean {
    if (this.closed) return false;
    if (this.items.length >= this.options.limit) {
      this.dropped++;
      return false;
    }
    const item: Item = { seq: this.nextSeq++, body };
    const { dir } = this.options;
    if (dir !== undefined)
      item.saved = this.loaded
        .then(() => writeFile(join(dir, fileName(item.seq)), body))
        .catch((err: unknown) => this.options.log(`queue ${dir}: cannot persist an entry: ${String(err)}`));
    this.items.push(item);
    this.kick();
    return true;
  }

  /** Stop sending (an entry in flight is abandoned); persisted entries stay for the next queue. */
  async close(): Promise<void> {
    this.closed = true;
    this.abort.abort();
    this.wake?.();
    await this.current.catch(() => undefined);
    await Promise.all(this.items.map((item) => item.saved));
  }

  private async load(dir: string): Promise<void> {
    await mkdir(dir, { recursive: true });
    const names = (await readdir(dir)).filter((name) => FILE.test(name)).sort();
    const loaded: Item[] = [];
    for (const name of names) {
      const seq = Number(FILE.exec(name)?.[1]);
      try {
        loaded.push({ seq, body: await readFile(join(dir, name), 'utf8'), saved: Promise.resolve() });
      } catch {
        // Removed meanwhile: nothing to resend.
      }
    }
    const kept = loaded.slice(0, this.options.limit);
    this.dropped += loaded.length - kept.length;
    const last = loaded[loaded.length - 1];
    // Entries queued while the directory was read come after the persisted ones.
    const fresh = this.items;
    const offset = last !== undefined ? last.seq + 1 : 0;
    for (const item of fresh) item.seq += offset;
    this.nextSeq += offset;
    this.items = [...kept, ...fresh];
  }

  private kick(): void {
    if (this.running || this.closed) return;
    this.running = true;
    this.current = this.run().finally(() => {
      this.running = false;
      if (!this.closed && this.items.length > 0) this.kick();
    });
  }

  private async run(): Promise<void> {
    await this.loaded.catch((err: unknown) =>
      this.options.log(`queue: cannot read ${this.options.dir}: ${String(err)}`),
    );
    let delay = this.options.retryMinMs ?? 250;
    while (!this.closed && this.items.length > 0) {
      const batch = this.items.slice(0, Math.max(1, this.options.batchSize));
      try {
        await this.options.send(
          batch.map((item) => item.body),
          this.abort.signal,
        );
      } catch (err) {
        if (this.closed) return;
        if (!this.failing) this.options.log(`delivery failed, retrying with back-off: ${String(err)}`);
        this.failing = true;
        await this.sleep(delay);
        delay = Math.min(delay * 2, this.options.retryMaxMs ?? 10_000);
        continue;
      }
      if (this.failing) this.options.log('delivery resumed');
      this.failing = false;
      delay = this.options.retryMinMs ?? 250;
      this.items.splice(0, batch.length);
      this.sent += batch.length;
      const { dir } = this.options;
      if (dir !== undefined)
        await Promise.all(
          batch.map((item) =>
            (item.saved ?? Promise.resolve()).then(() =>
              unlink(join(dir, fileName(item.seq))).catch(() => undefined),
            ),
          ),
        );
      if (this.items.length === 0) for (const resolve of this.drainWaiters.splice(0)) resolve();
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        resolve();
      }, ms);
      timer.unref();
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

function fileName(seq: number): string {
  return `${String(seq).padStart(16, '0')}.json`;
}
