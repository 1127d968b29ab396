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

/** A notification target's state in `services.notifications`. */
export interface TargetStatus {
  status: string;
}

/**
 * `services` of `GET /info`: `notifications` lists, per target type (`webhook`, `postgresql`…),
 * one `{ "<targetID>": { status: "online" | "offline" } }` entry per target. Other services
 * (kms, ldap, logger, audit) are kept as the server sends them.
 */
export interface InfoServices {
  notifications?: Record<string, Record<string, TargetStatus>[]>[];
  [service: string]: unknown;
}

/** `GET /info` (madmin.InfoMessage). */
export interface InfoMessage {
  mode?: string;
  domain?: string[];
  region?: string;
  /** The configured notification targets' ARNs (`arn:minio:sqs:<region>:<id>:<type>`). */
  sqsARN?: string[];
  deploymentID?: string;
  buckets?: { count: number; error?: string };
  objects?: { count: number; error?: string };
  versions?: { count: number; error?: string };
  deletemarkers?: { count: number; error?: string };
  usage?: { size: number; error?: string };
  services?: InfoServices;
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

/** `GET /group` (madmin.GroupDesc). `policy` is a comma-separated list of policy names. */
export interface GroupDesc {
  name: string;
  status: 'enabled' | 'disabled';
  members: string[] | null;
  policy: string;
  updatedAt?: string;
}

/** `PUT /update-group-members` body (madmin.GroupAddRemove). */
export interface GroupAddRemove {
  group: string;
  members: string[];
  /** '' leaves the status alone; new groups start enabled. */
  groupStatus?: 'enabled' | 'disabled' | '';
  /** Remove `members`; with no members, remove the group itself (it must be empty). */
  isRemove: boolean;
}

/** `GET /info-canned-policy?v=2` (madmin.PolicyInfo). */
export interface PolicyInfo {
  PolicyName: string;
  /** The policy document as a JSON value. */
  Policy: unknown;
  CreateDate?: string;
  UpdateDate?: string;
}

/** Body of `POST /idp/builtin/policy/attach|detach`: exactly one of user and group. */
export type PolicyAssociationRequest =
  { policies: string[]; user: string; group?: never } | { policies: string[]; group: string; user?: never };

/** Answer of attach/detach (madmin.PolicyAssociationResp). */
export interface PolicyAssociationResponse {
  policiesAttached?: string[];
  policiesDetached?: string[];
  updatedAt?: string;
}

/** Filters of `GET /idp/builtin/policy-entities` (all empty: every mapping). */
export interface PolicyEntitiesQuery {
  users?: readonly string[];
  groups?: readonly string[];
  policies?: readonly string[];
}

/** `GET /idp/builtin/policy-entities` (madmin.PolicyEntitiesResult). */
export interface PolicyEntitiesResult {
  timestamp?: string;
  userMappings?:
    | {
        user: string;
        policies: string[] | null;
        memberOfMappings?: { group: string; policies: string[] | null }[] | null;
      }[]
    | null;
  groupMappings?: { group: string; policies: string[] | null }[] | null;
  policyMappings?: { policy: string; users?: string[] | null; groups?: string[] | null }[] | null;
}

/** `PUT /add-service-account` body (madmin.AddServiceAccountReq). */
export interface AddServiceAccountRequest {
  /** A policy document restricting the account (fixed at creation); absent: the parent's. */
  policy?: unknown;
  /** Create it for another user (needs admin:CreateServiceAccount); absent: for the caller. */
  targetUser?: string;
  accessKey?: string;
  secretKey?: string;
  name?: string;
  description?: string;
  /** RFC 3339; absent: never expires. */
  expiration?: string;
}

/** New credentials of `add-service-account` (the secret is shown once). */
export interface ServiceAccountCredentials {
  accessKey: string;
  secretKey: string;
  /** RFC 3339; `1970-01-01T00:00:00Z` means "never" (wire doc §3.5). */
  expiration?: string;
}

/** `POST /update-service-account` body (madmin.UpdateServiceAccountReq). */
export interface UpdateServiceAccountRequest {
  /** `{}` resets to the parent's (implied) policy. */
  newPolicy?: unknown;
  newSecretKey?: string;
  newStatus?: 'on' | 'off';
  newName?: string;
  newDescription?: string;
  newExpiration?: string;
}

/** `GET /info-service-account` (madmin.InfoServiceAccountResp). */
export interface ServiceAccountDetails {
  parentUser: string;
  accountStatus: 'on' | 'off';
  impliedPolicy: boolean;
  /** The policy as JSON text (the parent's combined policy when implied). */
  policy: string;
  name?: string;
  description?: string;
  expiration?: string;
}

/** One entry of `GET /list-service-accounts` (madmin.ServiceAccountInfo). */
export interface ServiceAccountInfo {
  accessKey: string;
  parentUser?: string;
  accountStatus?: 'on' | 'off';
  impliedPolicy?: boolean;
  name?: string;
  description?: string;
  expiration?: string;
}
