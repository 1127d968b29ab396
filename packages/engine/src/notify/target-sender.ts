/**
 * The sender loop of one notification target: takes the oldest queued event, sends it, removes it
 * once the target has it, and goes on — one event at a time, so the target sees them in order.
 * While `send` rejects (target down, refused) it waits and retries the same event, the pause
 * doubling from `minRetryMs` up to `maxRetryMs`; the writers and the event hub never wait for it
 * (they only append to the queue store).
 */
import type { QueueStore } from './queue-store.js';
import type { NotificationTarget, TargetEvent } from './target.js';

export interface RetryOptions {
  /** First pause after a failed send (default 1 s). */
  minRetryMs?: number;
  /** Longest pause (default 30 s). */
  maxRetryMs?: number;
}

/** Counters of one target (admin and tests). */
export interface TargetStats {
  /** Events waiting in the queue store. */
  queued: number;
  delivered: number;
  /** Failed sends (each retry counts). */
  failedSends: number;
  /** Events refused because the queue was full. */
  dropped: number;
}

/** 1, 10, 100, …: log lines that stay few however long an outage lasts. */
function isPowerOfTen(n: number): boolean {
  return n >= 1 && Math.log10(n) % 1 === 0;
}

export class TargetSender {
  private delivered = 0;
  private failedSends = 0;
  private dropped = 0;
  private closed = false;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private readonly minRetryMs: number;
  private readonly maxRetryMs: number;

  constructor(
    readonly target: NotificationTarget,
    readonly store: QueueStore,
    private readonly name: string,
    private readonly log: (line: string) => void,
    retry: RetryOptions = {},
  ) {
    this.minRetryMs = retry.minRetryMs ?? 1000;
    this.maxRetryMs = retry.maxRetryMs ?? 30_000;
  }

  /** Open the store and start sending what it holds (events left by an earlier run first). */
  async start(): Promise<void> {
    await this.store.open();
    this.loop = this.run();
  }

  /**
   * Queue one event; resolves once it is stored (on disk with `queue_dir`). A full queue drops it
   * (logged, counted) and resolves false.
   */
  async enqueue(event: TargetEvent): Promise<boolean> {
    if (this.closed) return false;
    if (!(await this.store.put(event))) {
      this.dropped++;
      if (isPowerOfTen(this.dropped)) {
        this.log(
          `notify: ${this.name}: the queue store limit of ${this.store.limit} is reached, event dropped (${this.dropped} dropped so far)`,
        );
      }
      return false;
    }
    this.wake?.();
    return true;
  }

  stats(): TargetStats {
    return {
      queued: this.store.length,
      delivered: this.delivered,
      failedSends: this.failedSends,
      dropped: this.dropped,
    };
  }

  /** Stop the loop (after the send in flight, if any) and close the target; queued files stay. */
  async close(): Promise<void> {
    this.closed = true;
    this.wake?.();
    await this.loop;
    await this.target.close().catch(() => undefined);
  }

  /** Wait until `enqueue` or `close` wakes the loop, or `ms` passed (undefined: no time limit). */
  private pause(ms?: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(done, ms);
      function done(): void {
        if (timer !== undefined) clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async run(): Promise<void> {
    let retryMs = this.minRetryMs;
    while (!this.closed) {
      let item;
      try {
        item = await this.store.first();
      } catch (err) {
        this.log(`notify: ${this.name}: reading the queue failed: ${(err as Error).message}`);
        await this.pause(this.maxRetryMs);
        continue;
      }
      if (item === undefined) {
        await this.pause();
        continue;
      }
      try {
        await this.target.send(item.event);
      } catch (err) {
        this.failedSends++;
        if (isPowerOfTen(this.failedSends)) {
          this.log(
            `notify: ${this.name}: sending failed, will retry (${this.failedSends} failed sends so far): ${(err as Error).message}`,
          );
        }
        // A new event must not cut the back-off short: only close() (or the timer) ends it.
        await this.sleep(retryMs);
        retryMs = Math.min(retryMs * 2, this.maxRetryMs);
        continue;
      }
      retryMs = this.minRetryMs;
      this.delivered++;
      await this.store.remove(item.key).catch((err: unknown) => {
        this.log(`notify: ${this.name}: removing a delivered event failed: ${(err as Error).message}`);
      });
    }
  }

  private async sleep(ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (!this.closed && Date.now() < until) await this.pause(until - Date.now());
  }
}
