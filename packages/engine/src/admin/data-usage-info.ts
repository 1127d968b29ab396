/**
 * Admin `GET /minio/admin/v3/datausageinfo` → the server's DataUsageInfo (wire doc §3.1; MinIO
 * `cmd/data-usage-utils.go`): totals and per-bucket usage from the last background scan. The
 * replication figures are zero but present, as MinIO always writes them (the engine keeps its
 * replication figures in `?replication-metrics` and Prometheus, not in the scanner's usage).
 * Like MinIO, no `capacity` fields: a console derives capacity from `storageinfo`.
 */
import type { RequestContext } from '../http/context.js';
import type { BucketUsage, DataUsage } from '../object-layer/types.js';
import { goTime, sendAdminJson } from './admin-json.js';

const NO_REPLICATION = {
  objectsPendingReplicationTotalSize: 0,
  objectsFailedReplicationTotalSize: 0,
  objectsReplicatedTotalSize: 0,
  objectsPendingReplicationCount: 0,
  objectsFailedReplicationCount: 0,
};

function bucketUsageJson(u: BucketUsage): Record<string, unknown> {
  return {
    size: u.size,
    ...NO_REPLICATION,
    objectsCount: u.objectsCount,
    objectsSizesHistogram: u.objectsSizesHistogram,
    objectsVersionsHistogram: u.objectsVersionsHistogram,
    versionsCount: u.versionsCount,
    deleteMarkersCount: u.deleteMarkersCount,
    objectReplicaTotalSize: 0,
    objectsReplicationInfo: {},
  };
}

/** The document, separate from the handler so its shape is unit-tested. */
export function dataUsageInfoJson(usage: DataUsage): Record<string, unknown> {
  const buckets = Object.entries(usage.buckets).sort(([a], [b]) => a.localeCompare(b));
  return {
    lastUpdate: goTime(usage.lastUpdate),
    objectsCount: usage.objectsCount,
    versionsCount: usage.versionsCount,
    deleteMarkersCount: usage.deleteMarkersCount,
    objectsTotalSize: usage.objectsTotalSize,
    objectsReplicationInfo: {},
    bucketsCount: usage.bucketsCount,
    bucketsUsageInfo: Object.fromEntries(buckets.map(([name, u]) => [name, bucketUsageJson(u)])),
    bucketsSizes: Object.fromEntries(buckets.map(([name, u]) => [name, u.size])),
    // MinIO's allTierStats: capitalised keys, only when some tier holds data.
    ...(usage.tierStats !== undefined && Object.keys(usage.tierStats).length > 0
      ? {
          tierStats: {
            Tiers: Object.fromEntries(
              Object.entries(usage.tierStats).map(([name, t]) => [
                name,
                { TotalSize: t.totalSize, NumVersions: t.numVersions, NumObjects: t.numObjects },
              ]),
            ),
          },
        }
      : {}),
  };
}

export async function dataUsageInfo(ctx: RequestContext): Promise<void> {
  sendAdminJson(ctx, dataUsageInfoJson(await ctx.engine.objectLayer.dataUsage()));
}
