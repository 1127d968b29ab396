/**
 * Admin `GET /minio/admin/v3/info` → madmin.InfoMessage (wire doc §3.1): mode, region,
 * deployment id, the notification ARNs (`sqsARN`) and each target's online/offline status
 * (`services.notifications`, MinIO's shape, within ~2 s however a target hangs), object
 * and bucket counts and usage from the last background scan, the erasure backend, this server's
 * properties with its drives, and the one pool/set summary. The `metrics` query parameter madmin
 * sends is accepted and ignored (no per-drive metrics yet).
 */
import { availableParallelism } from 'node:os';
import type { RequestContext } from '../http/context.js';
import { sendAdminJson } from './admin-json.js';
import { diskJson, infoBackendJson } from './presenters.js';

export async function serverInfo(ctx: RequestContext): Promise<void> {
  sendAdminJson(ctx, await infoMessage(ctx));
}

/** madmin.InfoMessage of this server (also the `minio.info` of the health info). */
export async function infoMessage(ctx: RequestContext): Promise<Record<string, unknown>> {
  const { engine } = ctx;
  const layer = engine.objectLayer;
  const [info, usage, buckets, notifications] = await Promise.all([
    layer.storageInfo(),
    layer.dataUsage(),
    layer.listBuckets(),
    engine.notifications.status(),
  ]);
  const endpoint = engine.endpoint();
  const rawCapacity = info.drives.reduce((sum, d) => sum + Math.max(0, d.totalSpace), 0);
  const rawUsage = info.drives.reduce((sum, d) => sum + Math.max(0, d.usedSpace), 0);
  const memory = process.memoryUsage();

  return {
    mode: 'online',
    ...(engine.domains.length > 0 ? { domain: engine.domains } : {}),
    region: engine.region,
    sqsARN: engine.notifications.arns(),
    deploymentID: engine.deploymentId,
    // Bucket count from the live list (cheap); object figures from the scan, as MinIO.
    buckets: { count: buckets.length },
    objects: { count: usage.objectsCount },
    versions: { count: usage.versionsCount },
    deletemarkers: { count: usage.deleteMarkersCount },
    usage: { size: usage.objectsTotalSize },
    // MinIO leaves `notifications` out when no target is configured.
    services: notifications.length > 0 ? { notifications } : {},
    backend: infoBackendJson(info),
    servers: [
      {
        state: 'online',
        endpoint,
        scheme: 'http',
        uptime: Math.max(0, Math.floor((Date.now() - engine.startedAt.getTime()) / 1000)),
        version: engine.version,
        commitID: '',
        network: { [endpoint]: 'online' },
        drives: info.drives.map(diskJson),
        poolNumber: 1,
        poolNumbers: [1],
        mem_stats: {
          Alloc: memory.heapUsed,
          TotalAlloc: memory.heapTotal,
          Mallocs: 0,
          Frees: 0,
          HeapAlloc: memory.heapUsed,
        },
        num_cpu: availableParallelism(),
        runtime_version: `node ${process.version}`,
        edition: 'Coffer',
        is_leader: true,
        ilm_expiry_in_progress: false,
      },
    ],
    pools: {
      '0': {
        '0': {
          id: 0,
          rawUsage,
          rawCapacity,
          usage: usage.objectsTotalSize,
          objectsCount: usage.objectsCount,
          versionsCount: usage.versionsCount,
          deleteMarkersCount: usage.deleteMarkersCount,
          healDisks: info.drives.filter((d) => d.healing).length,
        },
      },
    },
  };
}
