/**
 * The operator's tenant monitoring (reference §1.4, "How health is computed"), against the
 * tenant's real engines: the cluster health endpoint (200 green, 412 yellow, 503 red), pods not
 * running → yellow, StorageInfo's drives (offline or healing → yellow, online below write quorum
 * → red), usage from the engine's data-usage scan; raw capacity from the spec.
 */
import { createAdminClient } from '@coffer/admin-client';
import { defaultParity, erasureSetSize, writeQuorum } from '@coffer/protocol';
import type { EngineRunner } from './engine-runner.js';
import { quantityBytes } from './quantity.js';
import type { PoolSpec } from './tenant-config.js';

export interface PoolRuntime {
  name: string;
  spec: PoolSpec;
  runner: EngineRunner;
  parity: number;
}

export interface TenantHealth {
  healthStatus: 'green' | 'yellow' | 'red';
  healthMessage?: string;
  drivesOnline: number;
  drivesOffline: number;
  drivesHealing: number;
  writeQuorum: number;
  usage: { capacity: number; rawCapacity: number; usage: number; rawUsage: number };
}

/** Set size of a pool (all its drives when fewer than 4). */
export function poolSetSize(pool: PoolSpec): number {
  const servers = pool.servers ?? 0;
  const volumes = pool.volumesPerServer ?? 0;
  return servers * volumes >= 4 ? erasureSetSize(servers, volumes) : servers * volumes;
}

export function poolParity(pool: PoolSpec, requested: number | undefined): number {
  const set = poolSetSize(pool);
  return Math.min(requested ?? defaultParity(set), Math.floor(set / 2));
}

async function clusterHealth(url: string): Promise<number> {
  try {
    const res = await fetch(`${url}/minio/health/cluster`, { signal: AbortSignal.timeout(5_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 503;
  }
}

export async function observeHealth(
  pools: PoolRuntime[],
  credentials: { accessKey: string; secretKey: string },
  podsRunning: boolean,
): Promise<TenantHealth> {
  let online = 0;
  let offline = 0;
  let healing = 0;
  let used = 0;
  let raw = 0;
  let capacity = 0;
  let worst = 200;
  for (const pool of pools) {
    const set = poolSetSize(pool.spec);
    const size = quantityBytes(pool.spec.volumeClaimTemplate?.spec?.resources?.requests?.storage) ?? 0;
    const poolRaw = (pool.spec.servers ?? 0) * (pool.spec.volumesPerServer ?? 0) * size;
    raw += poolRaw;
    capacity += set === 0 ? 0 : Math.floor((poolRaw * (set - pool.parity)) / set);
    if (!pool.runner.running()) {
      worst = 503;
      offline += (pool.spec.servers ?? 0) * (pool.spec.volumesPerServer ?? 0);
      continue;
    }
    const status = await clusterHealth(pool.runner.url);
    if (status === 503 || (status === 412 && worst !== 503)) worst = status;
    const admin = createAdminClient({ endpoint: pool.runner.url, ...credentials, timeoutMs: 5_000 });
    try {
      const info = await admin.storageInfo();
      for (const d of info.Disks) {
        if (d.healing === true) healing++;
        if (d.state === 'ok') online++;
        else offline++;
      }
      const usage = await admin.dataUsageInfo();
      used += usage.objectsTotalSize;
    } catch {
      worst = 503;
    }
  }
  const first = pools[0];
  const quorum = first === undefined ? 0 : writeQuorum(poolSetSize(first.spec), first.parity);
  let healthStatus: TenantHealth['healthStatus'] = worst === 503 ? 'red' : worst === 412 ? 'yellow' : 'green';
  if (healthStatus === 'green' && (!podsRunning || offline > 0 || healing > 0)) healthStatus = 'yellow';
  if (online < quorum) healthStatus = 'red';
  const healthMessage =
    healthStatus === 'red'
      ? 'Service Unavailable'
      : healing > 0
        ? 'Healing'
        : healthStatus === 'yellow'
          ? 'Reduced Availability'
          : undefined;
  return {
    healthStatus,
    ...(healthMessage === undefined ? {} : { healthMessage }),
    drivesOnline: online,
    drivesOffline: offline,
    drivesHealing: healing,
    writeQuorum: quorum,
    usage: {
      capacity,
      rawCapacity: raw,
      usage: used,
      rawUsage: capacity === 0 ? 0 : Math.round((used * raw) / capacity),
    },
  };
}
