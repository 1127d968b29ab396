/**
 * Back-off for failed sign-ins, shared by the engine's STS path and the console's login: per
 * client address and per account, so neither one address guessing many accounts nor many
 * addresses guessing one account get more than a trickle of attempts. State only, no I/O.
 *
 * Each key (say `addr:<ip>` and `account:<access key>`) counts consecutive failures. The first
 * `freeFailures` cost nothing; each further one closes the key for `baseDelayMs`, doubling up to
 * `maxDelayMs`. While a key is closed, attempts are refused *before* the credentials are checked
 * and do not count, so an attacker cannot extend the wait: whoever asks after it ends is heard.
 * It never becomes a lock-out: the wait is capped, a success clears its keys' counts, and
 * counts are forgotten `forgetAfterMs` after their last failure. Memory is bounded: at most
 * `maxEntries` keys, the oldest forgotten first.
 */

export interface LoginThrottleOptions {
  /** Failures per key before back-off starts (default 5). */
  freeFailures?: number;
  /** First back-off, ms (default 1 000). */
  baseDelayMs?: number;
  /** Longest back-off, ms (default 60 000). */
  maxDelayMs?: number;
  /** A key's failures are forgotten this long after its last one, ms (default 15 min). */
  forgetAfterMs?: number;
  /** Keys tracked at most (default 10 000). */
  maxEntries?: number;
  /** Clock, ms since the epoch (tests). */
  now?: () => number;
}

interface Entry {
  failures: number;
  /** Closed until this time (ms since the epoch); 0 when open. */
  until: number;
  last: number;
}

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();
  private readonly freeFailures: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly forgetAfterMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: LoginThrottleOptions = {}) {
    this.freeFailures = options.freeFailures ?? 5;
    this.baseDelayMs = options.baseDelayMs ?? 1000;
    this.maxDelayMs = options.maxDelayMs ?? 60_000;
    this.forgetAfterMs = Math.max(options.forgetAfterMs ?? 15 * 60_000, this.maxDelayMs);
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Milliseconds until an attempt under these keys is heard again; 0 = now. */
  waitMs(keys: readonly string[]): number {
    const now = this.now();
    let wait = 0;
    for (const key of keys) {
      const entry = this.live(key, now);
      if (entry !== undefined) wait = Math.max(wait, entry.until - now);
    }
    return wait;
  }

  /** A failed attempt under these keys (the caller checked `waitMs` first). */
  failure(keys: readonly string[]): void {
    const now = this.now();
    for (const key of keys) {
      const entry = this.live(key, now) ?? { failures: 0, until: 0, last: now };
      entry.failures++;
      entry.last = now;
      const over = entry.failures - this.freeFailures;
      if (over > 0)
        entry.until = now + Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** Math.min(over - 1, 30));
      // Re-inserted at the end: the Map's order is then oldest-failure first.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    this.trim(now);
  }

  /** A successful sign-in: the keys' counts start again. */
  success(keys: readonly string[]): void {
    for (const key of keys) this.entries.delete(key);
  }

  private live(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (now - entry.last >= this.forgetAfterMs && now >= entry.until) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private trim(now: number): void {
    if (this.entries.size <= this.maxEntries) return;
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries) break;
      // Oldest first; expired ones go, and past the cap the oldest go anyway.
      if (now - entry.last >= this.forgetAfterMs || this.entries.size > this.maxEntries) {
        this.entries.delete(key);
      }
    }
  }
}
