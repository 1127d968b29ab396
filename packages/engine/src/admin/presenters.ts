/**
 * The engine's storage facts in madmin-go's JSON shapes, shared by the admin handlers. Field
 * names are madmin's json tags (checked against madmin-go v2.0.7 and v3 `info-commands.go`):
 * lower-case for `Disk` and the `info` backend, Go's capitalised field names (no json tags) for
 * `BackendInfo`, which `storageinfo` and `accountinfo` return.
 */
import type { DriveHealProgress, DriveInfo, StorageInfo } from '../object-layer/types.js';

/** madmin.Disk. */
export interface DiskJson {
  endpoint: string;
  rootDisk: boolean;
  path: string;
  healing: boolean;
  scanning: boolean;
  state: string;
  uuid: string;
  major: number;
  minor: number;
  totalspace: number;
  usedspace: number;
  availspace: number;
  local: boolean;
  pool_index: number;
  set_index: number;
  disk_index: number;
  /** madmin.HealingDisk, while the drive is being refilled. */
  heal_info?: HealingDiskJson;
}

/** madmin.HealingDisk: the progress of refilling one drive. */
export interface HealingDiskJson {
  id: string;
  heal_id: string;
  pool_index: number;
  set_index: number;
  disk_index: number;
  endpoint: string;
  path: string;
  started: string;
  last_update: string;
  objects_total_count: number;
  objects_total_size: number;
  items_healed: number;
  items_failed: number;
  items_skipped: number;
  bytes_done: number;
  bytes_failed: number;
  bytes_skipped: number;
  objects_healed: number;
  objects_failed: number;
  current_bucket: string;
  current_object: string;
  queued_buckets: string[];
  healed_buckets: string[];
  finished: boolean;
}

function healingDiskJson(drive: DriveInfo, p: DriveHealProgress): HealingDiskJson {
  return {
    id: drive.uuid,
    heal_id: drive.uuid,
    pool_index: drive.poolIndex,
    set_index: drive.setIndex,
    disk_index: drive.diskIndex,
    endpoint: drive.endpoint,
    path: drive.path,
    started: p.started.toISOString(),
    last_update: p.lastUpdate.toISOString(),
    objects_total_count: 0,
    objects_total_size: 0,
    items_healed: p.itemsHealed,
    items_failed: p.itemsFailed,
    items_skipped: 0,
    bytes_done: u64(p.bytesDone),
    bytes_failed: u64(p.bytesFailed),
    bytes_skipped: 0,
    objects_healed: p.itemsHealed - p.healedBuckets.length,
    objects_failed: p.itemsFailed,
    current_bucket: p.bucket,
    current_object: p.object,
    queued_buckets: [],
    healed_buckets: p.healedBuckets,
    finished: false,
  };
}

/** Byte counts are uint64 in Go: never negative, never fractional. */
function u64(n: number): number {
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

export function diskJson(drive: DriveInfo): DiskJson {
  return {
    endpoint: drive.endpoint,
    rootDisk: false,
    path: drive.path,
    healing: drive.healing,
    scanning: false,
    state: drive.state,
    uuid: drive.uuid,
    major: 0,
    minor: 0,
    totalspace: u64(drive.totalSpace),
    usedspace: u64(drive.usedSpace),
    availspace: u64(drive.availSpace),
    local: true,
    pool_index: drive.poolIndex,
    set_index: drive.setIndex,
    disk_index: drive.diskIndex,
    ...(drive.healInfo !== undefined ? { heal_info: healingDiskJson(drive, drive.healInfo) } : {}),
  };
}

export function onlineDriveCount(info: StorageInfo): number {
  return info.drives.filter((d) => d.state === 'ok').length;
}

/**
 * Reduced-redundancy parity: MinIO's default is 1 whenever the set has parity at all (and 0 for
 * a single drive). The engine has no separate RRS class, so it is reported, not applied.
 */
export function rrsParity(info: StorageInfo): number {
  return Math.min(1, info.parityShards);
}

/** madmin.BackendInfo (capitalised keys; Type 1 = FS, 2 = Erasure). */
export function backendInfoJson(info: StorageInfo, endpoint: string): Record<string, unknown> {
  const online = onlineDriveCount(info);
  const n = info.drives.length;
  const rrs = rrsParity(info);
  return {
    Type: info.backendType === 'Erasure' ? 2 : 1,
    GatewayOnline: false,
    OnlineDisks: { [endpoint]: online },
    OfflineDisks: { [endpoint]: n - online },
    StandardSCData: [info.dataShards],
    StandardSCParities: [info.parityShards],
    RRSCData: [n - rrs],
    RRSCParities: [rrs],
    TotalSets: [1],
    DrivesPerSet: [n],
    StandardSCParity: info.parityShards,
    RRSCParity: rrs,
  };
}

/** The `backend` object of admin `info` (madmin.ErasureBackend / FSBackend). */
export function infoBackendJson(info: StorageInfo): Record<string, unknown> {
  const online = onlineDriveCount(info);
  return {
    backendType: info.backendType,
    onlineDisks: online,
    offlineDisks: info.drives.length - online,
    standardSCParity: info.parityShards,
    rrSCParity: rrsParity(info),
    totalSets: [1],
    totalDrivesPerSet: [info.drives.length],
  };
}
