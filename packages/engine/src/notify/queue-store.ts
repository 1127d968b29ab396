/**
 * The queue of one notification target (issue 10 §2): events wait here from the moment the
 * notification system accepts them until the target acknowledges them.
 *
 * With `queue_dir` set, each event is a file `<queue_dir>/<service>-<id>/<sequence>.event`, written
 * to a temporary name and renamed, so a file either holds a whole event or does not exist; it is
 * removed once delivered. Names are zero-padded, increasing sequence numbers (microseconds since the
 * epoch, bumped past the last name in use), so after a restart the directory listed in name order
 * is the delivery order. Without `queue_dir` the queue is an array in memory, bounded the same way.
 * Either way `queue_limit` bounds it: a full queue refuses the event (the caller logs, drops and
 * counts it, as MinIO does when its store limit is reached).
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TargetEvent } from './target.js';

/** One queued event and the key that removes it. */
export interface QueuedEvent {
  key: string;
  event: TargetEvent;
}

export interface QueueStore {
  /** Most events held at once. */
  readonly limit: number;
  /** Events held now. */
  readonly length: number;
  /** Create the directory and load the names left by an earlier run (no-op in memory). */
  open(): Promise<void>;
  /** Store one event; resolves false (nothing stored) when the queue is full. */
  put(event: TargetEvent): Promise<boolean>;
  /** The oldest event, or undefined when empty (unreadable files are removed and skipped). */
  first(): Promise<QueuedEvent | undefined>;
  /** Remove a delivered event. */
  remove(key: string): Promise<void>;
}

const SUFFIX = '.event';
/** Wide enough for microseconds since the epoch for the next few thousand years. */
const NAME_DIGITS = 20;

/** A queue of files in `dir` (created when missing). */
export class DiskQueueStore implements QueueStore {
  private keys: string[] = [];
  private last = 0n;

  constructor(
    readonly dir: string,
    readonly limit: number,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  get length(): number {
    return this.keys.length;
  }

  async open(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const names = await readdir(this.dir);
    const keys: string[] = [];
    for (const name of names) {
      if (name.endsWith(SUFFIX) && /^\d+$/.test(name.slice(0, -SUFFIX.length))) keys.push(name);
      // A temporary file is an event whose write never finished: it was never accepted.
      else if (name.endsWith('.tmp')) await rm(path.join(this.dir, name), { force: true });
    }
    keys.sort();
    this.keys = keys;
    const newest = keys.at(-1);
    if (newest !== undefined) this.last = BigInt(newest.slice(0, -SUFFIX.length));
  }

  private nextName(): string {
    let seq = BigInt(Date.now()) * 1000n;
    if (seq <= this.last) seq = this.last + 1n;
    this.last = seq;
    return seq.toString().padStart(NAME_DIGITS, '0') + SUFFIX;
  }

  async put(event: TargetEvent): Promise<boolean> {
    if (this.keys.length >= this.limit) return false;
    const name = this.nextName();
    // Counted before the write so concurrent puts cannot overshoot the limit.
    this.keys.push(name);
    const file = path.join(this.dir, name);
    try {
      await writeFile(`${file}.tmp`, JSON.stringify(event), { mode: 0o600 });
      await rename(`${file}.tmp`, file);
    } catch (err) {
      this.keys = this.keys.filter((k) => k !== name);
      await rm(`${file}.tmp`, { force: true }).catch(() => undefined);
      throw err;
    }
    return true;
  }

  async first(): Promise<QueuedEvent | undefined> {
    for (;;) {
      const key = this.keys[0];
      if (key === undefined) return undefined;
      try {
        const event = JSON.parse(await readFile(path.join(this.dir, key), 'utf8')) as TargetEvent;
        return { key, event };
      } catch (err) {
        // A damaged or vanished file cannot be delivered; dropping it keeps the queue moving.
        this.log(
          `notify: queued event ${key} in ${this.dir} is unreadable, dropped: ${(err as Error).message}`,
        );
        await this.remove(key);
      }
    }
  }

  async remove(key: string): Promise<void> {
    // Delivery removes the oldest: shift, not a scan of a queue that may hold 100,000 names.
    if (this.keys[0] === key) this.keys.shift();
    else this.keys = this.keys.filter((k) => k !== key);
    await rm(path.join(this.dir, key), { force: true });
  }
}

/** A bounded queue in memory (targets without `queue_dir`): lost on restart, as MinIO's. */
export class MemoryQueueStore implements QueueStore {
  private readonly items: QueuedEvent[] = [];
  private seq = 0;

  constructor(readonly limit: number) {}

  get length(): number {
    return this.items.length;
  }

  open(): Promise<void> {
    return Promise.resolve();
  }

  put(event: TargetEvent): Promise<boolean> {
    if (this.items.length >= this.limit) return Promise.resolve(false);
    this.items.push({ key: String(++this.seq), event });
    return Promise.resolve(true);
  }

  first(): Promise<QueuedEvent | undefined> {
    return Promise.resolve(this.items[0]);
  }

  remove(key: string): Promise<void> {
    const at = this.items.findIndex((item) => item.key === key);
    if (at >= 0) this.items.splice(at, 1);
    return Promise.resolve();
  }
}
