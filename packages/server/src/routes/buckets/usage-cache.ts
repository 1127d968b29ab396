/**
 * Bucket sizes for the bucket list, fetched lazily and never in the way (user needs #2: an
 * expensive usage call per list load made thousands of buckets slow).
 *
 * Per session, the last usage report is kept for 30 s. A list that finds it stale starts one
 * refresh and waits for it at most a short moment; if the report is not there by then the list
 * goes out without sizes (`usage_pending`) and the next list picks them up. The report comes from
 * admin `datausageinfo` when the account may read it (one document for all buckets), otherwise
 * from `accountinfo` (sizes of the buckets this account can see). Failures are remembered for the
 * same 30 s so a server without usage data is not asked on every list.
 *
 * The report is the storage server's last scan (MinIO and the engine scan about once a minute), so
 * right after an upload or delete it is stale. The console's own object routes therefore mark the
 * bucket they changed (`changed`), and for a few minutes — until the scanner has surely caught up —
 * the list shows that bucket's figure counted afresh by listing its versions (`recounted`, bounded
 * in entries and in buckets per list; counted once per change, not per list). Changes made by other
 * clients still show with the next scan.
 */
import type { Session } from '../../session/session-store.js';
import type { StorageClients } from '../../storage/storage-clients.js';
import { recountBucket } from './bucket-recount.js';

export interface BucketUsage {
  size: number;
  objects: number;
}

export interface UsageReport {
  buckets: Map<string, BucketUsage>;
  at: number;
}

const TTL_MS = 30_000;
/** How long a change by this console overrides the scanned figure: a few scanner cycles. */
const CHANGE_WINDOW_MS = 3 * 60_000;
/** A changed bucket with more versions than this keeps its scanned figure (no long listings). */
export const RECOUNT_MAX_ENTRIES = 10_000;
/** At most this many changed buckets are counted for one list. */
const RECOUNT_PER_LIST = 5;

interface Change {
  at: number;
  /** The count made after this change, shared by every list until the next change. */
  counted?: Promise<BucketUsage | undefined>;
}

interface Entry {
  report?: UsageReport;
  failedAt?: number;
  inflight?: Promise<void>;
}

export class UsageCache {
  private readonly entries = new Map<string, Entry>();
  /** Buckets whose contents this console changed lately; storage is shared, so not per session. */
  private readonly changes = new Map<string, Change>();

  constructor(
    private readonly clients: StorageClients,
    private readonly waitMs = 300,
  ) {}

  private async fetch(session: Session, useDataUsage: boolean): Promise<UsageReport> {
    const { admin } = this.clients.forSession(session);
    const buckets = new Map<string, BucketUsage>();
    if (useDataUsage) {
      const usage = await admin.dataUsageInfo();
      for (const [name, u] of Object.entries(usage.bucketsUsageInfo ?? {})) {
        buckets.set(name, { size: u.size, objects: u.objectsCount });
      }
    } else {
      const info = await admin.accountInfo();
      for (const b of info.Buckets ?? []) buckets.set(b.name, { size: b.size, objects: b.objects });
    }
    return { buckets, at: Date.now() };
  }

  /**
   * The freshest report available within the wait budget, or undefined (pending). A failed fetch
   * yields undefined too, without waiting, until it is retried after the TTL.
   */
  async get(session: Session, useDataUsage: boolean): Promise<{ report?: UsageReport; pending: boolean }> {
    let entry = this.entries.get(session.id);
    if (!entry) {
      entry = {};
      this.entries.set(session.id, entry);
    }
    const now = Date.now();
    const fresh = entry.report !== undefined && now - entry.report.at < TTL_MS;
    const recentlyFailed = entry.failedAt !== undefined && now - entry.failedAt < TTL_MS;
    if (!fresh && !recentlyFailed && !entry.inflight) {
      const e = entry;
      e.inflight = this.fetch(session, useDataUsage).then(
        (report) => {
          e.report = report;
          delete e.failedAt;
        },
        () => {
          e.failedAt = Date.now();
        },
      );
      void e.inflight.finally(() => delete e.inflight);
    }
    if (!fresh && entry.inflight && entry.report === undefined) {
      await Promise.race([entry.inflight, new Promise((r) => setTimeout(r, this.waitMs).unref())]);
    }
    return entry.report
      ? { report: entry.report, pending: false }
      : { pending: entry.inflight !== undefined };
  }

  /** The console changed `bucket`'s contents (upload, delete): count it afresh on the next list. */
  changed(bucket: string): void {
    // A new entry, so a count still running from before this change is not taken for after it.
    this.changes.set(bucket, { at: Date.now() });
  }

  /**
   * Fresh figures for those of `buckets` this console changed within the last few minutes, counted
   * with the session's S3 client. A bucket too big to count, or that the account may not list, is
   * left out (its scanned figure stands).
   */
  async recounted(session: Session, buckets: readonly string[]): Promise<Map<string, BucketUsage>> {
    const now = Date.now();
    for (const [bucket, change] of this.changes) {
      if (now - change.at > CHANGE_WINDOW_MS) this.changes.delete(bucket);
    }
    const wanted = buckets.flatMap((bucket) => {
      const change = this.changes.get(bucket);
      return change === undefined ? [] : [{ bucket, change }];
    });
    const fresh = new Map<string, BucketUsage>();
    if (wanted.length === 0) return fresh;
    const { s3 } = this.clients.forSession(session);
    await Promise.all(
      wanted.slice(0, RECOUNT_PER_LIST).map(async ({ bucket, change }) => {
        const counting = change.counted ?? recountBucket(s3, bucket, RECOUNT_MAX_ENTRIES);
        change.counted = counting;
        const usage = await counting.catch(() => {
          // This account may not list the bucket (or the listing failed): another list may.
          if (change.counted === counting) delete change.counted;
          return undefined;
        });
        if (usage !== undefined) fresh.set(bucket, usage);
      }),
    );
    return fresh;
  }

  forget(sessionId: string): void {
    this.entries.delete(sessionId);
  }
}
