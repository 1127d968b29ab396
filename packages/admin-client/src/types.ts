/**
 * TypeScript shapes of the admin API's JSON documents (madmin-go v3 json tags; wire doc §3).
 * Fields a server may leave out are optional; Go's capitalised keys (BackendInfo, StorageInfo) are
 * kept as they travel. These describe what arrives — the client does not validate them; callers
 * that depend on a field check it.
 */

/** madmin.Disk (lower-case json tags). */
export interface Disk {
  endpoint: string;
  rootDisk?: boolean;
  path?: string;
  healing?: boolean;
  scanning?: boolean;
  state: string;
  uuid?: string;
  totalspace?: number;
  usedspace?: number;
  availspace?: number;
  local?: boolean;
  pool_index?: number;
  set_index?: number;
  disk_index?: number;
}

/** madmin.BackendInfo, as `storageinfo` and `accountinfo` carry it (Type 1 = FS, 2 = Erasure). */
export interface BackendInfo {
  Type: number;
  GatewayOnline?: boolean;
  OnlineDisks?: Record<string, number>;
  OfflineDisks?: Record<string, number>;
  StandardSCData?: number[];
  StandardSCParities?: number[];
  RRSCData?: number[];
  RRSCParities?: number[];
  TotalSets?: number[];
  DrivesPerSet?: number[];
  StandardSCParity?: number;
  RRSCParity?: number;
}

/** `GET /storageinfo`. */
export interface StorageInfo {
  Disks: Disk[];
  Backend: BackendInfo;
}

/** The `backend` of `GET /info` (madmin.ErasureBackend / FSBackend). */
export interface InfoBackend {
  backendType: 'Erasure' | 'FS' | string;
  onlineDisks?: number;
  offlineDisks?: number;
  standardSCParity?: number;
  rrSCParity?: number;
  totalSets?: number[];
  totalDrivesPerSet?: number[];
}

export interface ServerProperties {
  state: string;
  endpoint: string;
  scheme?: string;
  uptime?: number;
  version?: string;
  commitID?: string;
  network?: Record<string, string>;
  drives?: Disk[];
  poolNumber?: number;
  poolNumbers?: number[];
  edition?: string;
}

/** `GET /info` (madmin.InfoMessage). */
export interface InfoMessage {
  mode?: string;
  domain?: string[];
  region?: string;
  sqsARN?: string[];
  deploymentID?: string;
  buckets?: { count: number; error?: string };
  objects?: { count: number; error?: string };
  versions?: { count: number; error?: string };
  deletemarkers?: { count: number; error?: string };
  usage?: { size: number; error?: string };
  services?: Record<string, unknown>;
  backend?: InfoBackend;
  servers?: ServerProperties[];
  pools?: Record<string, Record<string, unknown>>;
}

export interface BucketUsageInfo {
  size: number;
  objectsCount: number;
  versionsCount?: number;
  deleteMarkersCount?: number;
  objectsSizesHistogram?: Record<string, number>;
  objectsVersionsHistogram?: Record<string, number>;
}

/** `GET /datausageinfo` (the server's DataUsageInfo; values from the last background scan). */
export interface DataUsageInfo {
  /** RFC 3339; Go's zero time before the first scan. */
  lastUpdate: string;
  objectsCount: number;
  versionsCount?: number;
  deleteMarkersCount?: number;
  objectsTotalSize: number;
  bucketsCount: number;
  bucketsUsageInfo?: Record<string, BucketUsageInfo>;
  bucketsSizes?: Record<string, number>;
}

/** One bucket of `accountinfo`: only buckets the caller may read or write are listed. */
export interface AccountBucket {
  name: string;
  size: number;
  objects: number;
  objectHistogram?: Record<string, number>;
  details?: {
    versioning?: boolean;
    versioningSuspended?: boolean;
    locking?: boolean;
    replication?: boolean;
    /** Opaque: its shape differs between MinIO versions (wire doc §3.1). */
    tags?: unknown;
    quota?: unknown;
  };
  created?: string;
  access: { read: boolean; write: boolean };
}

/** `GET /accountinfo` (madmin.AccountInfo). */
export interface AccountInfo {
  /** The user itself, or the parent user for temporary credentials and service accounts. */
  AccountName: string;
  Server: BackendInfo;
  /** The effective policy as a JSON document (parse it with `@coffer/protocol` parsePolicy). */
  Policy: unknown;
  Buckets: AccountBucket[] | null;
}

/** madmin.UserInfo (`list-users`, `user-info`). */
export interface UserInfo {
  userAuthInfo?: { type: string; authServer?: string; authServerUserID?: string };
  secretKey?: string;
  policyName?: string;
  status: 'enabled' | 'disabled';
  memberOf?: string[];
  updatedAt?: string;
}

/** Temporary credentials from STS. */
export interface TemporaryCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
  expiration: Date;
}
