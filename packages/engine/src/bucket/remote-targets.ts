/**
 * A bucket's remote targets (madmin `BucketTarget`, wire doc §3.7): where replication sends the
 * bucket's objects. Kept as one JSON document per bucket (`BucketMetadata.configs`, kind
 * `remoteTargets`) holding the full targets with their secret keys; the admin API answers them
 * with the credentials reduced to the access key. ARNs are MinIO's
 * `arn:minio:replication:<region>:<uuid>:<target bucket>`.
 */
import { AdminConfigBadJson, BucketRemoteArnInvalid } from './errors.js';

export interface RemoteCredentials {
  accessKey: string;
  secretKey: string;
  sessionToken?: string;
}

/** The fields the engine keeps and acts on; unknown madmin fields are dropped. */
export interface BucketTarget {
  sourceBucket: string;
  /** `host:port` (no scheme). */
  endpoint: string;
  credentials: RemoteCredentials;
  targetBucket: string;
  secure: boolean;
  path: string;
  api: string;
  arn: string;
  type: string;
  region: string;
  /** Bytes per second, 0 = unlimited (stored; not enforced). */
  bandwidthLimit: number;
  replicationSync: boolean;
  storageClass: string;
  /** Nanoseconds (Go duration). */
  healthCheckDuration: number;
  disableProxy: boolean;
  resetBeforeDate?: string;
  resetId?: string;
  edge: boolean;
  edgeSyncBeforeExpiry: boolean;
  /**
   * The wire replication speaks to this target (engine-internal, never in madmin's JSON: madmin
   * has no field for it — `type` is always `replication`, `api` the signature version): `minio`
   * for a server answering `Server: MinIO` (MinIO or this engine; MinIO's replication headers),
   * `s3` for any other S3 server (plain S3 requests only). Detected by set-remote-target; absent
   * on targets stored before the S3 mode existed, which were MinIO ones.
   */
  flavor?: TargetFlavor;
}

export type TargetFlavor = 'minio' | 's3';

export interface RemoteTargetsDocument {
  targets: BucketTarget[];
}

export const REPLICATION_SERVICE = 'replication';
/** MinIO refuses a bandwidth limit below 100 MB/s (other than 0, unlimited). */
export const MIN_BANDWIDTH_LIMIT = 100_000_000;

const str = (doc: Record<string, unknown>, name: string): string => {
  const v = doc[name];
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') throw new AdminConfigBadJson(`${name} must be a string`);
  return v;
};
const bool = (doc: Record<string, unknown>, name: string): boolean => {
  const v = doc[name];
  if (v === undefined || v === null) return false;
  if (typeof v !== 'boolean') throw new AdminConfigBadJson(`${name} must be a boolean`);
  return v;
};
const num = (doc: Record<string, unknown>, name: string): number => {
  const v = doc[name];
  if (v === undefined || v === null) return 0;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
    throw new AdminConfigBadJson(`${name} must be a non-negative number`);
  }
  return v;
};
const isZeroTime = (t: string): boolean => t === '' || t.startsWith('0001-01-01');

/** A madmin `BucketTarget` JSON object → the engine's target (AdminConfigBadJson when malformed). */
export function readBucketTarget(doc: Record<string, unknown>): BucketTarget {
  const creds = doc.credentials;
  if (creds !== undefined && creds !== null && (typeof creds !== 'object' || Array.isArray(creds))) {
    throw new AdminConfigBadJson('credentials must be an object');
  }
  const c = (creds ?? {}) as Record<string, unknown>;
  const sessionToken = str(c, 'sessionToken');
  const resetBeforeDate = str(doc, 'resetBeforeDate');
  const resetId = str(doc, 'resetID');
  return {
    sourceBucket: str(doc, 'sourcebucket'),
    endpoint: str(doc, 'endpoint'),
    credentials: {
      accessKey: str(c, 'accessKey'),
      secretKey: str(c, 'secretKey'),
      ...(sessionToken !== '' ? { sessionToken } : {}),
    },
    targetBucket: str(doc, 'targetbucket'),
    secure: bool(doc, 'secure'),
    path: str(doc, 'path'),
    api: str(doc, 'api'),
    arn: str(doc, 'arn'),
    type: str(doc, 'type'),
    region: str(doc, 'region'),
    bandwidthLimit: num(doc, 'bandwidthlimit'),
    replicationSync: bool(doc, 'replicationSync'),
    storageClass: str(doc, 'storageclass'),
    healthCheckDuration: num(doc, 'healthCheckDuration'),
    disableProxy: bool(doc, 'disableProxy'),
    ...(!isZeroTime(resetBeforeDate) ? { resetBeforeDate } : {}),
    ...(resetId !== '' ? { resetId } : {}),
    edge: bool(doc, 'edge'),
    edgeSyncBeforeExpiry: bool(doc, 'edgeSyncBeforeExpiry'),
  };
}

/** Health figures a listing shows next to a target (from the replication workers' view). */
export interface TargetHealth {
  online: boolean;
  lastOnline?: Date;
  /** Nanoseconds offline so far. */
  totalDowntime: number;
  offlineCount: number;
  latency: { curr: number; avg: number; max: number };
}

const ZERO_TIME = '0001-01-01T00:00:00Z';
const goTime = (d: Date | undefined): string =>
  d === undefined ? ZERO_TIME : d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The madmin JSON of a target as `list-remote-targets` answers it: every key MinIO writes, the
 * credentials reduced to the access key (the secret is never sent back).
 */
export function bucketTargetJson(t: BucketTarget, health: TargetHealth): Record<string, unknown> {
  return {
    sourcebucket: t.sourceBucket,
    endpoint: t.endpoint,
    credentials: { accessKey: t.credentials.accessKey, secretKey: '', expiration: ZERO_TIME },
    targetbucket: t.targetBucket,
    secure: t.secure,
    ...(t.path !== '' ? { path: t.path } : {}),
    ...(t.api !== '' ? { api: t.api } : {}),
    arn: t.arn,
    type: t.type,
    ...(t.region !== '' ? { region: t.region } : {}),
    ...(t.bandwidthLimit > 0 ? { bandwidthlimit: t.bandwidthLimit } : {}),
    replicationSync: t.replicationSync,
    ...(t.storageClass !== '' ? { storageclass: t.storageClass } : {}),
    ...(t.healthCheckDuration > 0 ? { healthCheckDuration: t.healthCheckDuration } : {}),
    disableProxy: t.disableProxy,
    resetBeforeDate: t.resetBeforeDate ?? ZERO_TIME,
    ...(t.resetId !== undefined ? { resetID: t.resetId } : {}),
    totalDowntime: health.totalDowntime,
    lastOnline: goTime(health.lastOnline),
    isOnline: health.online,
    latency: health.latency,
    edge: t.edge,
    edgeSyncBeforeExpiry: t.edgeSyncBeforeExpiry,
    offlineCount: health.offlineCount,
  };
}

/** Parse the stored document (kind `remoteTargets`); an empty list sets nothing. */
export function parseRemoteTargets(text: string): RemoteTargetsDocument | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AdminConfigBadJson('The stored remote targets are not JSON');
  }
  const list = (value as { targets?: unknown }).targets;
  if (!Array.isArray(list)) throw new AdminConfigBadJson('The stored remote targets are not a list');
  const targets = list.map((t) => t as BucketTarget);
  return targets.length === 0 ? undefined : { targets };
}

export function serializeRemoteTargets(doc: RemoteTargetsDocument): string {
  return JSON.stringify({ targets: doc.targets });
}

/** The parts of a replication ARN `arn:minio:<type>:<region>:<id>:<bucket>`. */
export interface ParsedArn {
  type: string;
  region: string;
  id: string;
  bucket: string;
}

/** MinIO's `madmin.ParseARN`: six colon-separated tokens, id and bucket non-empty. */
export function parseReplicationArn(arn: string): ParsedArn {
  const parts = arn.split(':');
  if (parts.length !== 6 || parts[0] !== 'arn' || parts[1] !== 'minio') throw new BucketRemoteArnInvalid();
  const [, , type = '', region = '', id = '', bucket = ''] = parts;
  if (id === '' || bucket === '' || type === '') throw new BucketRemoteArnInvalid();
  return { type, region, id, bucket };
}

export function makeReplicationArn(region: string, id: string, targetBucket: string): string {
  return `arn:minio:${REPLICATION_SERVICE}:${region}:${id}:${targetBucket}`;
}
