/**
 * The Prometheus documents of `/minio/v2/metrics/{cluster,node,bucket,resource}`, in MinIO's v2
 * metric names so existing dashboards and the console read them unchanged. Figures come from
 * three places: the request registry (`registry.ts`), the drives (`storageInfo`: state and space,
 * fresh on every scrape) and the last background usage scan (`dataUsage`).
 *
 * Groups: `node` = this server (requests, traffic, drives, process); `bucket` = per-bucket usage;
 * `resource` = drive space and memory; `cluster` = everything (one node is the whole cluster here).
 * Node-level samples carry `server="host:port"` as MinIO's do.
 */
import type { ReplicationStats, TargetFigures } from '../replication/stats.js';
import { readdir, readFile } from 'node:fs/promises';
import type { EngineContext } from '../engine-context.js';
import type { DataUsage, StorageInfo } from '../object-layer/types.js';
import { PrometheusText, type Sample } from './prom-text.js';

export type MetricsGroup = 'cluster' | 'node' | 'bucket' | 'resource';

function usableRatio(info: StorageInfo): number {
  const total = info.dataShards + info.parityShards;
  return total > 0 ? info.dataShards / total : 1;
}

function writeDrives(out: PrometheusText, info: StorageInfo, server: string): void {
  const drives = info.drives;
  const perDrive = (pick: (d: (typeof drives)[number]) => number): Sample[] =>
    drives.map((d) => ({ labels: { drive: d.path, server }, value: pick(d) }));
  out.family(
    'minio_node_drive_total_bytes',
    'gauge',
    'Total storage on a drive',
    perDrive((d) => d.totalSpace),
  );
  out.family(
    'minio_node_drive_used_bytes',
    'gauge',
    'Total storage used on a drive',
    perDrive((d) => d.usedSpace),
  );
  out.family(
    'minio_node_drive_free_bytes',
    'gauge',
    'Total storage available on a drive',
    perDrive((d) => d.availSpace),
  );
  out.family(
    'minio_node_drive_latency_us',
    'gauge',
    'Average last minute latency in µs for drive API storage operations',
    drives.flatMap((d) =>
      Object.entries(d.latency ?? {})
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([api, value]) => ({ labels: { api, drive: d.path, server }, value: Math.round(value) })),
    ),
  );
  const online = drives.filter((d) => d.state === 'ok').length;
  out.family('minio_node_drive_online_total', 'gauge', 'Total drives online in this node', [
    { labels: { server }, value: online },
  ]);
  out.family('minio_node_drive_offline_total', 'gauge', 'Total drives offline in this node', [
    { labels: { server }, value: drives.length - online },
  ]);
  out.family('minio_node_drive_total', 'gauge', 'Total drives in this node', [
    { labels: { server }, value: drives.length },
  ]);
}

function writeClusterCapacity(out: PrometheusText, info: StorageInfo): void {
  const online = info.drives.filter((d) => d.state === 'ok').length;
  const offline = info.drives.length - online;
  const rawTotal = info.drives.reduce((sum, d) => sum + d.totalSpace, 0);
  const rawFree = info.drives.reduce((sum, d) => sum + d.availSpace, 0);
  const ratio = usableRatio(info);
  out.family('minio_cluster_drive_online_total', 'gauge', 'Total drives online in the cluster', [
    { value: online },
  ]);
  out.family('minio_cluster_drive_offline_total', 'gauge', 'Total drives offline in the cluster', [
    { value: offline },
  ]);
  out.family('minio_cluster_drive_total', 'gauge', 'Total drives in the cluster', [
    { value: info.drives.length },
  ]);
  out.family('minio_cluster_nodes_online_total', 'gauge', 'Total number of MinIO nodes online', [
    { value: 1 },
  ]);
  out.family('minio_cluster_nodes_offline_total', 'gauge', 'Total number of MinIO nodes offline', [
    { value: 0 },
  ]);
  out.family('minio_cluster_capacity_raw_total_bytes', 'gauge', 'Total capacity online in the cluster', [
    { value: rawTotal },
  ]);
  out.family('minio_cluster_capacity_raw_free_bytes', 'gauge', 'Total free capacity online in the cluster', [
    { value: rawFree },
  ]);
  out.family(
    'minio_cluster_capacity_usable_total_bytes',
    'gauge',
    'Total usable capacity online in the cluster',
    [{ value: Math.floor(rawTotal * ratio) }],
  );
  out.family(
    'minio_cluster_capacity_usable_free_bytes',
    'gauge',
    'Total free usable capacity online in the cluster',
    [{ value: Math.floor(rawFree * ratio) }],
  );
}

function writeClusterUsage(out: PrometheusText, usage: DataUsage): void {
  out.family('minio_cluster_usage_object_total', 'gauge', 'Total number of objects in a cluster', [
    { value: usage.objectsCount },
  ]);
  out.family(
    'minio_cluster_usage_version_total',
    'gauge',
    'Total number of versions (includes delete marker) in a cluster',
    [{ value: usage.versionsCount }],
  );
  out.family(
    'minio_cluster_usage_deletemarker_total',
    'gauge',
    'Total number of delete markers in a cluster',
    [{ value: usage.deleteMarkersCount }],
  );
  out.family('minio_cluster_usage_total_bytes', 'gauge', 'Total cluster usage in bytes', [
    { value: usage.objectsTotalSize },
  ]);
  out.family('minio_cluster_bucket_total', 'gauge', 'Total number of buckets in the cluster', [
    { value: usage.bucketsCount },
  ]);
  out.family(
    'minio_usage_last_activity_nano_seconds',
    'gauge',
    'Time elapsed (in nano seconds) since last scan activity',
    [
      {
        value:
          usage.lastUpdate.getTime() > 0 ? Math.max(0, Date.now() - usage.lastUpdate.getTime()) * 1e6 : 0,
      },
    ],
  );
}

function writeBucketUsage(out: PrometheusText, usage: DataUsage): void {
  const buckets = Object.entries(usage.buckets).sort(([a], [b]) => a.localeCompare(b));
  const perBucket = (pick: (u: (typeof buckets)[number][1]) => number): Sample[] =>
    buckets.map(([bucket, u]) => ({ labels: { bucket }, value: pick(u) }));
  out.family(
    'minio_bucket_usage_total_bytes',
    'gauge',
    'Total bucket size in bytes',
    perBucket((u) => u.size),
  );
  out.family(
    'minio_bucket_usage_object_total',
    'gauge',
    'Total number of objects',
    perBucket((u) => u.objectsCount),
  );
  out.family(
    'minio_bucket_usage_version_total',
    'gauge',
    'Total number of versions (includes delete marker)',
    perBucket((u) => u.versionsCount),
  );
  out.family(
    'minio_bucket_usage_deletemarker_total',
    'gauge',
    'Total number of delete markers',
    perBucket((u) => u.deleteMarkersCount),
  );
  const histogram: Sample[] = [];
  for (const [bucket, u] of buckets) {
    for (const [range, value] of Object.entries(u.objectsSizesHistogram))
      histogram.push({ labels: { bucket, range }, value });
  }
  out.family(
    'minio_bucket_objects_size_distribution',
    'gauge',
    'Distribution of object sizes in the bucket',
    histogram,
  );
}

/** MinIO's v2 bucket replication families, per bucket and target ARN (since this engine started). */
function writeReplication(out: PrometheusText, stats: ReplicationStats): void {
  const rows: { labels: { bucket: string; targetArn: string }; f: TargetFigures }[] = [];
  for (const [bucket, targets] of stats.all())
    for (const [targetArn, f] of targets) rows.push({ labels: { bucket, targetArn }, f });
  const now = Date.now();
  const recent = (f: TargetFigures, ms: number) => f.recentFailures.filter((x) => x.at >= now - ms);
  const family = (name: string, help: string, pick: (f: TargetFigures) => number): void => {
    out.family(
      `minio_bucket_replication_${name}`,
      name.startsWith('last_') ? 'gauge' : 'counter',
      help,
      rows.map((r) => ({ labels: r.labels, value: pick(r.f) })),
    );
  };
  family('sent_bytes', 'Total bytes replicated to the target', (f) => f.replicatedSize);
  family('sent_count', 'Total number of objects replicated to the target', (f) => f.replicatedCount);
  family('total_failed_bytes', 'Total bytes failed at least once to replicate', (f) => f.failedSize);
  family('total_failed_count', 'Total number of objects which failed replication', (f) => f.failedCount);
  family('last_minute_failed_bytes', 'Bytes failed in the last minute', (f) =>
    recent(f, 60_000).reduce((a, x) => a + x.bytes, 0),
  );
  family('last_minute_failed_count', 'Objects failed in the last minute', (f) => recent(f, 60_000).length);
  family('last_hour_failed_bytes', 'Bytes failed in the last hour', (f) =>
    recent(f, 3_600_000).reduce((a, x) => a + x.bytes, 0),
  );
  family('last_hour_failed_count', 'Objects failed in the last hour', (f) => recent(f, 3_600_000).length);
  family('pending_count', 'Replication operations waiting in the backlog', (f) => f.pendingCount);
  family('pending_bytes', 'Bytes waiting in the replication backlog', (f) => f.pendingSize);
}

/** Open descriptors and their soft limit from /proc (Linux); undefined where /proc is missing. */
async function fileDescriptors(): Promise<{ open: number; limit?: number } | undefined> {
  try {
    const open = (await readdir('/proc/self/fd')).length;
    const limits = await readFile('/proc/self/limits', 'utf8').catch(() => '');
    const soft = /^Max open files\s+(\d+)/m.exec(limits)?.[1];
    return soft === undefined ? { open } : { open, limit: Number(soft) };
  } catch {
    return undefined;
  }
}

async function writeProcess(out: PrometheusText, engine: EngineContext, server: string): Promise<void> {
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  const started = engine.startedAt.getTime();
  out.family(
    'minio_node_process_starttime_seconds',
    'gauge',
    'Start time for MinIO process per node, time in seconds since Unix epoc',
    [{ labels: { server }, value: Math.floor(started / 1000) }],
  );
  out.family('minio_node_process_uptime_seconds', 'gauge', 'Uptime for MinIO process per node in seconds', [
    { labels: { server }, value: Math.max(0, Math.floor((Date.now() - started) / 1000)) },
  ]);
  out.family('minio_node_process_resident_memory_bytes', 'gauge', 'Resident memory size in bytes', [
    { labels: { server }, value: memory.rss },
  ]);
  out.family(
    'minio_node_process_cpu_total_seconds',
    'counter',
    'Total user and system CPU time spent in seconds',
    [{ labels: { server }, value: (cpu.user + cpu.system) / 1e6 }],
  );
  const fds = await fileDescriptors();
  if (fds) {
    out.family('minio_node_file_descriptor_open_total', 'gauge', 'Total number of open file descriptors', [
      { labels: { server }, value: fds.open },
    ]);
    if (fds.limit !== undefined)
      out.family(
        'minio_node_file_descriptor_limit_total',
        'gauge',
        'Limit on total number of open file descriptors for the MinIO Server process',
        [{ labels: { server }, value: fds.limit }],
      );
  }
}

/** Build the text document of one metrics group. */
export async function renderMetrics(engine: EngineContext, group: MetricsGroup): Promise<string> {
  const out = new PrometheusText();
  const server = engine.endpoint();
  const wants = (...groups: MetricsGroup[]): boolean => group === 'cluster' || groups.includes(group);

  const info = wants('node', 'resource') ? await engine.objectLayer.storageInfo() : undefined;
  const usage = wants('bucket') ? await engine.objectLayer.dataUsage() : undefined;

  if (info && group === 'cluster') writeClusterCapacity(out, info);
  if (usage && group === 'cluster') writeClusterUsage(out, usage);
  if (usage) writeBucketUsage(out, usage);
  if (wants('bucket')) writeReplication(out, engine.replication.stats);
  if (wants('node')) engine.metrics.render(out, { server });
  if (info) writeDrives(out, info, server);
  if (wants('node', 'resource')) await writeProcess(out, engine, server);
  return out.toString();
}
