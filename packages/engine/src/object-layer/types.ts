/**
 * The object layer: the single interface every handler (S3, admin, STS, IAM, background) uses to
 * reach stored data. It hides drives, erasure coding, quorum and healing. The implementation is
 * `erasure-object-layer.ts` over `storage/`.
 *
 * Conventions:
 * - Bodies are Node `Readable` streams; the layer consumes a body it is given and closes a stream it
 *   returns only when the caller destroys it or reads it to the end (callers must do one of those).
 * - A write is visible only after it is durable on write-quorum drives; a failed or aborted write
 *   (stream error, failed `verify`) leaves nothing visible.
 * - Errors are the classes of `./errors.ts`.
 * - Version ids: a random UUID string for versioned writes, and the literal `'null'` for the null
 *   version (unversioned or versioning-suspended writes), as S3 shows it.
 */
import type { Readable } from 'node:stream';
import type {
  ChecksumAlgorithm,
  ChecksumType,
  Checksums,
  ComputedDigests,
  DriveState,
  ObjectMetadataInput,
  VersioningExclusions,
  VersioningStatus,
} from '../storage/types.js';

// The value types the storage layer owns (it records them on the drives), re-exported for the
// layers above that know them as the object layer's.
export type {
  ChecksumAlgorithm,
  ChecksumType,
  Checksums,
  ComputedDigests,
  DriveState,
  ObjectMetadataInput,
  VersioningExclusions,
  VersioningStatus,
} from '../storage/types.js';

/**
 * Internal field of a version whose bytes live on a remote tier (`tier/`): the version keeps its
 * metadata and an empty local body, and the layer's reads answer its info with no bytes, whatever
 * range is asked; the tiering decorator above serves the bytes from the tier.
 */
export const DATA_REMOTE_FIELD = 'x-coffer-internal-data-remote';

export interface WriteBodyOptions {
  /** Declared size in bytes, or -1 when unknown (aws-chunked without decoded length). */
  size: number;
  /** Checksum algorithms to compute over the body (stored with the object / part). */
  checksumAlgorithms?: ChecksumAlgorithm[];
  /** Also compute SHA-256 of the body (for x-amz-content-sha256 verification). */
  computeSha256?: boolean;
  /**
   * Skip the body's MD5 (`digests.md5` is then 16 zero bytes): for a caller that records an ETag
   * of its own (encryption at rest, whose ETag is of the plaintext it hashed itself).
   */
  skipMd5?: boolean;
  /**
   * Called once the whole body has been received and before anything becomes visible; throwing
   * (e.g. BadDigest, ChecksumMismatch, ContentSha256Mismatch) aborts the write. It may be async
   * because trailing checksums of aws-chunked bodies are known only at the end of the stream.
   */
  verify?: (digests: ComputedDigests) => void | Promise<void>;
  /**
   * Called with each body chunk once the layer has copied its bytes out (it keeps no reference):
   * a producer may reuse the chunk's memory then (encryption at rest recycles its run buffers).
   */
  release?: (chunk: Buffer) => void;
}

/**
 * Internal field of a version assembled by CompleteMultipartUpload: the upload's id, so that a
 * repeated Complete of that upload can be answered as the first was (s3/complete-repeat.ts).
 */
export const COMPLETED_UPLOAD_FIELD = 'x-coffer-internal-completed-upload-id';

export interface ObjectPartInfo {
  number: number;
  size: number;
  etag: string;
  checksums?: Checksums;
  /**
   * The part's size before a decorator above the layer transformed it (compression: MinIO's
   * ActualSize), when one recorded it; `size` is then the stored size.
   */
  actualSize?: number;
}

export interface ObjectInfo {
  bucket: string;
  key: string;
  /** `'null'` for the null version. */
  versionId: string;
  isLatest: boolean;
  deleteMarker: boolean;
  size: number;
  /** Without quotes; `<hex>-<n>` for multipart objects. */
  etag: string;
  lastModified: Date;
  contentType: string;
  headers: Record<string, string>;
  userMetadata: Record<string, string>;
  tagging?: string;
  storageClass: string;
  checksums: Checksums;
  /** Present for multipart objects: sizes of the parts, for partNumber reads and x-amz-mp-parts-count. */
  parts?: ObjectPartInfo[];
  internal: Record<string, string>;
  /** How the version is encrypted at rest (size, ETag and parts above are the plaintext's). */
  encryption?: ObjectEncryption;
}

/** The kinds of server-side encryption S3 knows. */
export type EncryptionKind = 'SSE-S3' | 'SSE-KMS' | 'SSE-C';

/**
 * The encryption a write asks for, resolved by the handler from the SSE headers or the bucket's
 * default. `keyId` is the KMS key (the KMS default when absent); `context` the SSE-KMS encryption
 * context (base64 JSON as the client sent it). SSE-C carries the customer's 32-byte key.
 */
export type EncryptionRequest =
  { kind: 'SSE-S3' | 'SSE-KMS'; keyId?: string; context?: string } | { kind: 'SSE-C'; customerKey: Buffer };

/** How a stored version (or an upload) is encrypted, as responses show it. */
export interface ObjectEncryption {
  kind: EncryptionKind;
  /** The KMS key (SSE-S3, SSE-KMS). */
  keyId?: string;
  /** SSE-KMS encryption context as the client sent it. */
  context?: string;
}

export interface BucketInfo {
  name: string;
  created: Date;
}

/**
 * Bucket settings, kept with the bucket on every drive. The S3/admin handlers own the meaning of
 * the config documents; the layer only stores them, except `versioning` and `objectLock`, which it
 * reads itself when writing and deleting objects.
 */
export interface BucketMetadata {
  name: string;
  created: Date;
  versioning: VersioningStatus;
  /** Keys excluded from Enabled versioning (MinIO's ExcludedPrefixes / ExcludeFolders), if any. */
  versioningExcluded?: VersioningExclusions;
  objectLockEnabled: boolean;
  /** Raw documents as the client sent them (XML for S3 configs, JSON for policy/quota). */
  configs: Record<string, string>;
}

export interface GetObjectOptions {
  versionId?: string;
  /** Inclusive byte range, already resolved against the object size by the caller. */
  range?: { start: number; end: number };
  /** Read only this part of a multipart object (1-based). */
  partNumber?: number;
  /** The customer key of an SSE-C version (required to read one, refused for others). */
  customerKey?: Buffer;
  /**
   * Asked of the version about to be read: true when the caller authenticates every byte it reads
   * itself (encryption at rest: each package has its GCM tag). The data shards of a streamed read
   * are then not checked against their bitrot hashes, a cost as large as the cipher's; a damaged
   * shard shows as a failed tag instead, and the caller must then read the bytes again without
   * this option, so that the check finds the shard and the block is rebuilt from parity.
   */
  authenticated?: (info: ObjectInfo) => boolean;
}

export interface GetObjectResult {
  info: ObjectInfo;
  /** The requested bytes (whole object, range or part). */
  stream: Readable;
  /**
   * The same bytes already in memory, when the layer had them at hand (small objects kept in
   * the index): a caller may send this instead of reading `stream` (then left unread).
   */
  body?: Buffer;
  /**
   * Present when the stream's chunks are pooled buffers: a caller that is done with a chunk
   * (e.g. the socket has taken its bytes) may pass it here so its memory is reused; chunks never
   * passed are simply garbage collected. A released chunk must not be used again.
   */
  release?: (chunk: Buffer) => void;
}

/**
 * The request behind a change: who made it and from where. The layer stores none of it; it is
 * carried to the object event hook (`events/`), which describes each committed change with it.
 * Background work (lifecycle, replication) gives its own origin or none.
 */
export interface ChangeOrigin {
  /** The caller's access key (its parent user for temporary and service credentials); '' when anonymous. */
  principalId: string;
  /** The client's address and port as the server saw them ('' when unknown). */
  sourceIp: string;
  sourcePort: string;
  userAgent: string;
  /** X-Amz-Request-Id of the request. */
  requestId: string;
}

/** How a new version was written, when the method does not say it (PUT, browser POST form, server-side copy). */
export type WriteCause = 'put' | 'post' | 'copy';

/**
 * Which in-place change `updateObjectMetadata` makes: it names the object event.
 * `replication-status` (the replication workers' bookkeeping) is not an object change: no event.
 */
export type MetadataChange =
  'put-tagging' | 'delete-tagging' | 'put-retention' | 'put-legal-hold' | 'replication-status';

/** What every mutation may carry for the event hook; the layer itself ignores it. */
export interface ChangeOptions {
  origin?: ChangeOrigin;
}

/** See `PutObjectOptions.precondition`. */
export type WritePrecondition = (current: ObjectInfo | undefined, replaced?: ObjectInfo) => void;

export interface PutObjectOptions extends WriteBodyOptions, ChangeOptions {
  /** Default `put`. */
  cause?: WriteCause;
  metadata?: ObjectMetadataInput;
  /** Write this version id instead of one the layer picks (replication, heal). */
  versionId?: string;
  /**
   * Applied atomically at commit: fail with PreconditionFailed unless the current (latest, not a
   * delete marker) version matches. `replaced` is the version the write replaces, whether latest or
   * not: the `null` one in an unversioned or suspended bucket (quota accounting needs its size).
   */
  precondition?: WritePrecondition;
  /** Modification time to record (copy, replication); defaults to now. */
  lastModified?: Date;
  /** Encrypt the version at rest. */
  encryption?: EncryptionRequest;
}

/** Options of `putObjectPart`. */
export interface PutPartOptions extends WriteBodyOptions {
  /** The customer key, for a part of an SSE-C upload (required there, refused elsewhere). */
  customerKey?: Buffer;
  /**
   * Called once the body is verified: the part's size before a decorator transformed it
   * (compression), recorded as the part's `actualSize` and checked against the minimum part size
   * by CompleteMultipartUpload instead of the stored size.
   */
  actualSize?: () => number;
  /**
   * Called once the body is verified: the checksums of the client's bytes when a decorator
   * transformed them (encryption, compression), recorded as the part's checksums instead of the
   * stored bytes' — what the upload's COMPOSITE / FULL_OBJECT checksum is made of.
   */
  plainChecksums?: () => Checksums;
}

export interface DeleteObjectOptions extends ChangeOptions {
  versionId?: string;
  /** Called with the version about to be removed; throwing refuses the delete (object lock). */
  guard?: (target: ObjectInfo) => void;
  /**
   * Conditional deletes (If-Match): called under the key's lock with the named version, or the
   * latest one (a delete marker included), or undefined when there is none; throwing refuses it.
   */
  precondition?: WritePrecondition;
  /**
   * Create a delete marker with this version id, time and internal fields instead of a new one
   * (a replicated delete marker; with `versionId` unset, in a versioned bucket).
   */
  marker?: { versionId: string; time: Date; internal?: Record<string, string> };
}

export interface DeleteObjectResult {
  /** The version removed, or of the delete marker created. */
  versionId?: string;
  deleteMarker: boolean;
  /** True when there was nothing to delete (S3 still answers success): nothing changed. */
  noop?: boolean;
}

export interface ListObjectsOptions {
  prefix?: string;
  delimiter?: string;
  /** List keys strictly after this one (marker / start-after / decoded continuation token). */
  after?: string;
  maxKeys: number;
}

export interface ListObjectsResult {
  /** Latest versions that are not delete markers, in key order. */
  objects: ObjectInfo[];
  commonPrefixes: string[];
  isTruncated: boolean;
  /** Last key or common prefix returned, when truncated. */
  nextAfter?: string;
}

export interface ListObjectVersionsOptions {
  prefix?: string;
  delimiter?: string;
  keyMarker?: string;
  versionIdMarker?: string;
  maxKeys: number;
}

export interface ListObjectVersionsResult {
  /** Versions and delete markers, by key then newest first. */
  versions: ObjectInfo[];
  commonPrefixes: string[];
  isTruncated: boolean;
  nextKeyMarker?: string;
  nextVersionIdMarker?: string;
}

export interface MultipartUploadInfo {
  bucket: string;
  key: string;
  uploadId: string;
  initiated: Date;
  metadata: ObjectMetadataInput;
  checksumAlgorithm?: ChecksumAlgorithm;
  checksumType?: ChecksumType;
  /** How the object being uploaded will be encrypted. */
  encryption?: ObjectEncryption;
}

export interface ListPartsResult {
  parts: (ObjectPartInfo & { lastModified: Date })[];
  isTruncated: boolean;
  nextPartNumberMarker?: number;
  upload: MultipartUploadInfo;
}

export interface ListMultipartUploadsOptions {
  prefix?: string;
  delimiter?: string;
  keyMarker?: string;
  uploadIdMarker?: string;
  maxUploads: number;
}

export interface ListMultipartUploadsResult {
  uploads: MultipartUploadInfo[];
  commonPrefixes: string[];
  isTruncated: boolean;
  nextKeyMarker?: string;
  nextUploadIdMarker?: string;
}

export interface CompletePart {
  partNumber: number;
  /** Without quotes. */
  etag: string;
  checksums?: Checksums;
}

export interface DriveInfo {
  /** As configured (absolute path). */
  endpoint: string;
  path: string;
  state: DriveState;
  uuid: string;
  totalSpace: number;
  usedSpace: number;
  availSpace: number;
  healing: boolean;
  /** Progress of the heal that refills this drive (while `healing`). */
  healInfo?: DriveHealProgress;
  poolIndex: number;
  setIndex: number;
  diskIndex: number;
  /** Average call latency in microseconds over the last minute, by storage API name. */
  latency?: Record<string, number>;
}

export interface StorageInfo {
  deploymentId: string;
  drives: DriveInfo[];
  dataShards: number;
  parityShards: number;
  /** 'Erasure' with 2 or more drives; 'FS' for the single-drive (non-erasure-coded) mode. */
  backendType: 'Erasure' | 'FS';
}

export interface BucketUsage {
  size: number;
  objectsCount: number;
  versionsCount: number;
  deleteMarkersCount: number;
  /** MinIO's size ranges (e.g. "LESS_THAN_1024_B") → object count. */
  objectsSizesHistogram: Record<string, number>;
  /** MinIO's version-count ranges (e.g. "SINGLE_VERSION") → object count. */
  objectsVersionsHistogram: Record<string, number>;
  /** Transitioned versions by tier name. */
  tierStats?: Record<string, TierUsage>;
}

export interface DataUsage {
  /** Time of the last completed scan; the epoch before the first. */
  lastUpdate: Date;
  objectsCount: number;
  versionsCount: number;
  deleteMarkersCount: number;
  objectsTotalSize: number;
  bucketsCount: number;
  buckets: Record<string, BucketUsage>;
  /** Versions whose data lives on a remote tier, by tier name (absent before tiers were counted). */
  tierStats?: Record<string, TierUsage>;
}

/** What one remote tier holds (MinIO's TierStats). */
export interface TierUsage {
  totalSize: number;
  numVersions: number;
  numObjects: number;
}

/** How far the background heal of a (re)formatted drive has come. */
export interface DriveHealProgress {
  started: Date;
  lastUpdate: Date;
  /** Items (buckets, objects' versions) looked at, healed and failed so far. */
  itemsScanned: number;
  itemsHealed: number;
  itemsFailed: number;
  bytesDone: number;
  bytesFailed: number;
  /** The bucket and object the heal is at. */
  bucket: string;
  object: string;
  healedBuckets: string[];
}

/** What a heal result is about (MinIO's HealItemType). */
export type HealItemType = 'metadata' | 'bucket' | 'object';

export interface HealResultItem {
  /** Default 'object'; 'bucket' items have an empty key; 'metadata' is the drives' format. */
  type?: HealItemType;
  bucket: string;
  key: string;
  versionId?: string;
  /** Per drive (in drive order): state before and after. */
  before: DriveState[];
  after: DriveState[];
  objectSize: number;
}

export interface HealOptions {
  /** Read every shard and verify its checksums (MinIO's deep scan) instead of checking presence only. */
  deep?: boolean;
  /** Remove objects and versions left on fewer than read-quorum drives. */
  removeDangling?: boolean;
  /** Only report what would be healed (after = before). */
  dryRun?: boolean;
}

/** What `healAll` walks and reports. */
export interface HealAllOptions extends HealOptions {
  signal?: AbortSignal;
  /** Called for each item; the walk waits for a returned promise (a consumer's back-pressure). */
  onItem?: (item: HealResultItem) => void | Promise<void>;
  /** Only this bucket (default: every bucket, plus the drives' format and the system area). */
  bucket?: string;
  /** Only objects whose key starts with this (with `bucket`). */
  prefix?: string;
  /** False: buckets only (and the object named `prefix`, if any) — MinIO's non-recursive heal. */
  recursive?: boolean;
}

export interface ObjectLayer {
  // Buckets.
  makeBucket(bucket: string, options?: { objectLock?: boolean }): Promise<void>;
  getBucketInfo(bucket: string): Promise<BucketInfo>;
  listBuckets(): Promise<BucketInfo[]>;
  /** BucketNotEmpty unless `force` (then objects and versions are removed too). */
  deleteBucket(bucket: string, options?: { force?: boolean }): Promise<void>;
  getBucketMetadata(bucket: string): Promise<BucketMetadata>;
  /** Read-modify-write of the bucket's metadata under the bucket's lock. */
  updateBucketMetadata(bucket: string, update: (meta: BucketMetadata) => void): Promise<BucketMetadata>;

  // Objects.
  putObject(bucket: string, key: string, body: Readable, options: PutObjectOptions): Promise<ObjectInfo>;
  getObject(bucket: string, key: string, options?: GetObjectOptions): Promise<GetObjectResult>;
  /**
   * `sse`: check the caller's SSE-C key as a read of the version would (HEAD, copy sources):
   * required for SSE-C versions, refused for others.
   */
  getObjectInfo(
    bucket: string,
    key: string,
    options?: { versionId?: string; sse?: { customerKey?: Buffer } },
  ): Promise<ObjectInfo>;
  deleteObject(bucket: string, key: string, options?: DeleteObjectOptions): Promise<DeleteObjectResult>;
  /**
   * Replace metadata/tags of an existing version in place (no data rewrite). `options.change`
   * says what changes (it names the object event), which the layer cannot tell from `update`.
   */
  updateObjectMetadata(
    bucket: string,
    key: string,
    versionId: string | undefined,
    update: (info: ObjectInfo) => void,
    options: ChangeOptions & { change: MetadataChange },
  ): Promise<ObjectInfo>;
  listObjects(bucket: string, options: ListObjectsOptions): Promise<ListObjectsResult>;
  listObjectVersions(bucket: string, options: ListObjectVersionsOptions): Promise<ListObjectVersionsResult>;

  // Multipart.
  newMultipartUpload(
    bucket: string,
    key: string,
    options: {
      metadata?: ObjectMetadataInput;
      checksumAlgorithm?: ChecksumAlgorithm;
      checksumType?: ChecksumType;
      encryption?: EncryptionRequest;
    },
  ): Promise<string>;
  putObjectPart(
    bucket: string,
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    options: PutPartOptions,
  ): Promise<ObjectPartInfo>;
  listParts(
    bucket: string,
    key: string,
    uploadId: string,
    options: { partNumberMarker?: number; maxParts: number },
  ): Promise<ListPartsResult>;
  completeMultipartUpload(
    bucket: string,
    key: string,
    uploadId: string,
    parts: CompletePart[],
    options?: ChangeOptions & { precondition?: WritePrecondition },
  ): Promise<ObjectInfo>;
  abortMultipartUpload(bucket: string, key: string, uploadId: string): Promise<void>;
  listMultipartUploads(
    bucket: string,
    options: ListMultipartUploadsOptions,
  ): Promise<ListMultipartUploadsResult>;

  // System area (IAM, server config): small documents replicated on every drive, never listed by S3.
  readSystemFile(path: string): Promise<Buffer | undefined>;
  writeSystemFile(path: string, data: Buffer): Promise<void>;
  deleteSystemFile(path: string): Promise<void>;
  listSystemFiles(prefix: string): Promise<string[]>;

  // Administration.
  storageInfo(): Promise<StorageInfo>;
  /** Usage as of the last background scan (see `background/scanner.ts`). */
  dataUsage(): Promise<DataUsage>;
  healObject(bucket: string, key: string, options?: HealOptions): Promise<HealResultItem[]>;
  /** Heal every bucket and object (formats fresh drives first); reports each item healed. */
  healAll(options: HealAllOptions): Promise<void>;

  /** Flush and close drives. */
  close(): Promise<void>;
}
