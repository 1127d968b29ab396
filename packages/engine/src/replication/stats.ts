/**
 * Replication figures per bucket and target ARN since the engine started, answered as MinIO's
 * `?replication-metrics` JSON (minio-go `replication.Metrics`; `=2` wraps it in `MetricsV2`:
 * `{"uptime","currStats","queueStats"}`) and read by the Prometheus endpoint. Failures keep a
 * one-hour window for the `lastMinute` / `lastHour` figures.
 */
export interface TargetFigures {
  replicatedCount: number;
  replicatedSize: number;
  failedCount: number;
  failedSize: number;
  pendingCount: number;
  pendingSize: number;
  /** Recent failures (time, bytes) for the last-minute and last-hour figures. */
  recentFailures: { at: number; bytes: number }[];
  /** Milliseconds of the last successful transfers. */
  latency: { curr: number; avg: number; max: number; n: number };
}

const emptyFigures = (): TargetFigures => ({
  replicatedCount: 0,
  replicatedSize: 0,
  failedCount: 0,
  failedSize: 0,
  pendingCount: 0,
  pendingSize: 0,
  recentFailures: [],
  latency: { curr: 0, avg: 0, max: 0, n: 0 },
});

const HOUR = 3_600_000;
const NS_PER_MS = 1_000_000;

export class ReplicationStats {
  private readonly buckets = new Map<string, Map<string, TargetFigures>>();
  private readonly startedAt = Date.now();
  private queueMax = { count: 0, bytes: 0 };

  private figures(bucket: string, arn: string): TargetFigures {
    let targets = this.buckets.get(bucket);
    if (targets === undefined) this.buckets.set(bucket, (targets = new Map()));
    let f = targets.get(arn);
    if (f === undefined) targets.set(arn, (f = emptyFigures()));
    return f;
  }

  queued(bucket: string, arn: string, bytes: number): void {
    const f = this.figures(bucket, arn);
    f.pendingCount++;
    f.pendingSize += bytes;
    const total = this.queueTotals();
    if (total.count > this.queueMax.count) this.queueMax = total;
  }

  /** A task left the backlog: replicated (with its latency) or dropped. */
  done(bucket: string, arn: string, bytes: number, ms?: number): void {
    const f = this.figures(bucket, arn);
    f.pendingCount = Math.max(0, f.pendingCount - 1);
    f.pendingSize = Math.max(0, f.pendingSize - bytes);
    if (ms === undefined) return;
    f.replicatedCount++;
    f.replicatedSize += bytes;
    const l = f.latency;
    l.curr = ms;
    l.max = Math.max(l.max, ms);
    l.avg = (l.avg * l.n + ms) / (l.n + 1);
    l.n++;
  }

  failed(bucket: string, arn: string, bytes: number): void {
    const f = this.figures(bucket, arn);
    f.failedCount++;
    f.failedSize += bytes;
    const now = Date.now();
    f.recentFailures.push({ at: now, bytes });
    while ((f.recentFailures[0]?.at ?? now) < now - HOUR) f.recentFailures.shift();
  }

  /** Every bucket's figures per ARN (Prometheus). */
  all(): ReadonlyMap<string, ReadonlyMap<string, TargetFigures>> {
    return this.buckets;
  }

  private queueTotals(): { count: number; bytes: number } {
    let count = 0;
    let bytes = 0;
    for (const targets of this.buckets.values())
      for (const f of targets.values()) {
        count += f.pendingCount;
        bytes += f.pendingSize;
      }
    return { count, bytes };
  }

  /** minio-go `replication.Metrics` of one bucket. */
  metrics(bucket: string, limits: ReadonlyMap<string, number>): Record<string, unknown> {
    const now = Date.now();
    const stats: Record<string, unknown> = {};
    const sum = { replicated: 0, replicatedCount: 0, failed: 0, failedCount: 0, pending: 0, pendingCount: 0 };
    const errors = { minute: { count: 0, bytes: 0 }, hour: { count: 0, bytes: 0 } };
    for (const [arn, f] of this.buckets.get(bucket) ?? new Map<string, TargetFigures>()) {
      const minute = f.recentFailures.filter((x) => x.at >= now - 60_000);
      const hour = f.recentFailures.filter((x) => x.at >= now - HOUR);
      const rstat = (xs: { bytes: number }[]) => ({
        count: xs.length,
        bytes: xs.reduce((a, x) => a + x.bytes, 0),
      });
      const failed = {
        lastMinute: rstat(minute),
        lastHour: rstat(hour),
        totals: { count: f.failedCount, bytes: f.failedSize },
      };
      errors.minute.count += failed.lastMinute.count;
      errors.minute.bytes += failed.lastMinute.bytes;
      errors.hour.count += failed.lastHour.count;
      errors.hour.bytes += failed.lastHour.bytes;
      stats[arn] = {
        pendingReplicationSize: f.pendingSize,
        completedReplicationSize: f.replicatedSize,
        failedReplicationSize: f.failedSize,
        pendingReplicationCount: f.pendingCount,
        failedReplicationCount: f.failedCount,
        replicationCount: f.replicatedCount,
        failed,
        limitInBits: limits.get(arn) ?? 0,
        currentBandwidth: 0,
        latency: {
          curr: Math.round(f.latency.curr * NS_PER_MS),
          avg: Math.round(f.latency.avg * NS_PER_MS),
          max: Math.round(f.latency.max * NS_PER_MS),
        },
      };
      sum.replicated += f.replicatedSize;
      sum.replicatedCount += f.replicatedCount;
      sum.failed += f.failedSize;
      sum.failedCount += f.failedCount;
      sum.pending += f.pendingSize;
      sum.pendingCount += f.pendingCount;
    }
    return {
      Stats: stats,
      completedReplicationSize: sum.replicated,
      replicaSize: 0,
      replicaCount: 0,
      replicationCount: sum.replicatedCount,
      failed: {
        lastMinute: errors.minute,
        lastHour: errors.hour,
        totals: { count: sum.failedCount, bytes: sum.failed },
      },
      queued: this.queueJson(),
      pendingReplicationSize: sum.pending,
      failedReplicationSize: sum.failed,
      pendingReplicationCount: sum.pendingCount,
      failedReplicationCount: sum.failedCount,
    };
  }

  private queueJson(): Record<string, unknown> {
    const curr = this.queueTotals();
    return { curr, avg: curr, max: this.queueMax };
  }

  /** minio-go `replication.MetricsV2` (`?replication-metrics=2`). */
  metricsV2(bucket: string, limits: ReadonlyMap<string, number>): Record<string, unknown> {
    return {
      uptime: Math.floor((Date.now() - this.startedAt) / 1000),
      currStats: this.metrics(bucket, limits),
      queueStats: {
        nodes: [{ qStats: this.queueJson() }],
        uptime: Math.floor((Date.now() - this.startedAt) / 1000),
      },
    };
  }
}
