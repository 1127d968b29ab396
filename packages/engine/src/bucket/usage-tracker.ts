/**
 * How many bytes a bucket holds *now*, for hard-quota checks: the background scanner's last
 * figure for the bucket plus a running, in-memory delta of the bytes written and removed since that
 * scan, plus the bytes of writes still in flight (reservations).
 *
 * The scanner reports usage as of its last cycle (wire doc §3.7: MinIO enforces quota from the same
 * figures), which can be a minute old; the deltas close that gap. Scans are not atomic snapshots:
 * a write that lands while a scan runs may or may not be in its figures. So the deltas are kept in
 * two generations: when a scan starts, the current generation becomes the "previous" one (all of
 * it happened before the scan, so the scan's figures will include it), and when the scan finishes
 * the previous generation is dropped and the scan's figures become the baseline. Writes made during
 * the scan stay in the current generation and may be counted twice until the next scan — an
 * over-estimate, which for a hard quota errs on the safe side. A failed scan folds the generations
 * back together.
 *
 * Reservations make concurrent uploads honest: each checks against usage that already includes
 * the writes in flight, so two uploads cannot both squeeze into the last free bytes. A reservation
 * is settled with the bytes the write really added (its size minus the size of a version it
 * replaced) or released when the write fails.
 *
 * One tracker per engine (in `EngineContext`), fed by the scanner's hooks and the S3 write/delete
 * handlers. Until the first scan finishes, the baseline is the usage the last scan before the
 * process started stored in the system area (read once, lazily).
 */
import type { DataUsage } from '../object-layer/types.js';

interface BucketDelta {
  /** Bytes added (negative: removed) since the current scan started (or the last one finished). */
  current: number;
  /** Bytes added before the running scan started; dropped when it finishes. */
  previous: number;
  /** Bytes of writes in flight. */
  pending: number;
}

export interface UsageReservation {
  /** Bytes reserved. */
  readonly bytes: number;
  /** The write happened: record `delta` bytes (its size minus what it replaced) and drop the reservation. */
  settle(delta: number): void;
  /** The write failed: drop the reservation. */
  release(): void;
}

export class BucketUsageTracker {
  private baseline: Map<string, number> | undefined;
  private loading: Promise<void> | undefined;
  private readonly deltas = new Map<string, BucketDelta>();

  /** `loadUsage` gives the last stored scan (ObjectLayer.dataUsage), read once if no scan finished yet. */
  constructor(private readonly loadUsage: () => Promise<DataUsage>) {}

  private delta(bucket: string): BucketDelta {
    let d = this.deltas.get(bucket);
    if (d === undefined) {
      d = { current: 0, previous: 0, pending: 0 };
      this.deltas.set(bucket, d);
    }
    return d;
  }

  private setBaseline(usage: DataUsage): void {
    this.baseline = new Map(Object.entries(usage.buckets).map(([name, u]) => [name, u.size]));
  }

  /** Make sure a baseline is there (the stored scan, read once). */
  async ready(): Promise<void> {
    if (this.baseline !== undefined) return;
    this.loading ??= this.loadUsage().then(
      (usage) => {
        // A scan that finished meanwhile is newer than the stored figures.
        if (this.baseline === undefined) this.setBaseline(usage);
      },
      () => {
        // No readable stored usage: start from zero and let the next scan correct it.
        this.baseline ??= new Map();
      },
    );
    await this.loading;
  }

  /** The scanner starts a cycle. */
  scanStarted(): void {
    for (const d of this.deltas.values()) {
      d.previous += d.current;
      d.current = 0;
    }
  }

  /** The scanner finished a cycle with these figures. */
  scanFinished(usage: DataUsage): void {
    this.setBaseline(usage);
    for (const [bucket, d] of this.deltas) {
      d.previous = 0;
      if (d.current === 0 && d.pending === 0) this.deltas.delete(bucket);
    }
  }

  /** The scanner's cycle failed: nothing it counted is known, keep every delta. */
  scanFailed(): void {
    for (const d of this.deltas.values()) {
      d.current += d.previous;
      d.previous = 0;
    }
  }

  /** Bytes written (positive) or removed (negative) outside a reservation (deletes). */
  record(bucket: string, bytes: number): void {
    if (bytes === 0) return;
    this.delta(bucket).current += bytes;
  }

  /** The bucket was deleted: forget its figures so a new bucket of that name starts at zero. */
  forget(bucket: string): void {
    this.deltas.delete(bucket);
    this.baseline?.delete(bucket);
  }

  /** Current usage estimate in bytes (call `ready()` first for the stored baseline). */
  used(bucket: string): number {
    const d = this.deltas.get(bucket);
    const total = (this.baseline?.get(bucket) ?? 0) + (d ? d.current + d.previous + d.pending : 0);
    return Math.max(0, total);
  }

  /** Reserve `bytes` for a write about to start (no check here: callers compare `used` first). */
  reserve(bucket: string, bytes: number): UsageReservation {
    const amount = Math.max(0, bytes);
    const d = this.delta(bucket);
    d.pending += amount;
    let open = true;
    const close = (): void => {
      open = false;
      // The entry is gone when the bucket was deleted meanwhile (`forget`).
      const entry = this.deltas.get(bucket);
      if (entry !== undefined) entry.pending -= amount;
    };
    return {
      bytes: amount,
      settle: (delta: number) => {
        if (!open) return;
        close();
        if (this.deltas.has(bucket)) this.record(bucket, delta);
      },
      release: () => {
        if (open) close();
      },
    };
  }
}
