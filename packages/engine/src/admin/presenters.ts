/**
 * The engine's storage facts in madmin-go's JSON shapes, shared by the admin handlers. Field
 * names are madmin's json tags (checked against madmin-go v2.0.7 and v3 `info-commands.go`):
 * lower-case for `Disk` and the `info` backend, Go's capitalised field names (no json tags) for
 * `BackendInfo`, which `storageinfo` and `accountinfo` return.
 */
import type { DriveInfo, StorageInfo } from '../object-layer/types.js';

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
