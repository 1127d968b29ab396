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
 */
import type { Session } from '../../session/session-store.js';
import type { StorageClients } from '../../storage/storage-clients.js';

export interface BucketUsage {
  size: number;
  objects: number;
}

export interface UsageReport {
  buckets: Map<string, BucketUsage>;
  at: number;
}

const TTL_MS = 30_000;

interface Entry {
  report?: UsageReport;
  failedAt?: number;
  inflight?: Promise<void>;
}

export class UsageCache {
  private readonly entries = new Map<string, Entry>();

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

  forget(sessionId: string): void {
    this.entries.delete(sessionId);
  }
}
