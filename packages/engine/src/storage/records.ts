/**
 * The records each drive keeps in its LMDB index, stored as UTF-8 JSON (drive.ts).
 *
 * An object record holds every version of one key, newest first, like MinIO's xl.meta. Records
 * carry no per-drive field — a drive's shard index is `ec.dist[slot]` and its inline shard bytes
 * live under a separate 'i' key — so in the normal case every drive stores byte-identical records:
 * readers compare the raw bytes and decode once (listings stay cheap), and never decode object
 * data. Versions are matched across drives by their signature (`versionSignature`): id,
 * modification time, data location and metadata time; a version is valid when at least
 * read-quorum drives carry the same signature.
 */
import type {
  ChecksumAlgorithm,
  ChecksumType,
  Checksums,
  ObjectMetadataInput,
  VersioningExclusions,
  VersioningStatus,
} from './types.js';

/** Per-block shard checksum algorithm (see shard-file.ts). */
export type BitrotAlgorithm = 'xxh64' | 'sha256' | 'crc32';

export interface ErasureLayout {
  data: number;
  parity: number;
  /** Bytes of object data per erasure block (the last block of a part may be shorter). */
  blockSize: number;
  /** The shard index (0-based; < data: data shard) stored by each drive slot. */
  dist: number[];
  bitrot: BitrotAlgorithm;
}

export interface PartRecord {
  /** Size before a decorator above the layer transformed the part (`ObjectPartInfo.actualSize`). */
  actual?: number;
  /** The part number the client used. */
  n: number;
  size: number;
  etag: string;
  checksums?: Checksums;
}

export interface VersionRecord {
  /** Version id: a UUID, or 'null'. */
  id: string;
  /** Modification time, ms since the epoch. */
  mtime: number;
  /** Set when the metadata was changed in place (tags, retention); part of the signature. */
  metaTime?: number;
  deleteMarker?: boolean;
  size: number;
  etag: string;
  contentType: string;
  headers: Record<string, string>;
  userMetadata: Record<string, string>;
  tagging?: string;
  storageClass: string;
  internal: Record<string, string>;
  checksums: Checksums;
  /** Data parts in order; file i (1-based) of the data dir is `part.<i>`. Empty for delete markers. */
  parts: PartRecord[];
  /** True when the object was assembled by CompleteMultipartUpload. */
  multipart?: boolean;
  ec?: ErasureLayout;
  /** Fresh UUID per write: the data directory name, or the inline-data key suffix. */
  dataDir?: string;
  /** Data is stored inline in this drive's index (key 'i' …) instead of in files. */
  inline?: boolean;
}

export interface ObjectRecord {
  v: 1;
  /** Newest first. */
  versions: VersionRecord[];
}

export interface BucketRecord {
  name: string;
  created: number;
  versioning: VersioningStatus;
  /** Only with Enabled, when the bucket's versioning document excludes some keys. */
  versioningExcluded?: VersioningExclusions;
  objectLockEnabled: boolean;
  configs: Record<string, string>;
  /** Time of the last metadata change, ms; newest wins among drives that disagree. */
  updated: number;
}

export interface UploadPartRecord {
  /** Size before a decorator above the layer transformed the part (`ObjectPartInfo.actualSize`). */
  actual?: number;
  n: number;
  size: number;
  etag: string;
  checksums?: Checksums;
  mtime: number;
  /** Directory under multipart/<uploadId>/ holding this part's shard file `part.1`. */
  dir: string;
}

export interface UploadRecord {
  v: 1;
  uploadId: string;
  key: string;
  initiated: number;
  metadata: ObjectMetadataInput;
  checksumAlgorithm?: ChecksumAlgorithm;
  /** As chosen at creation; absent (older records) = the algorithm's default (multipart-checksums.ts). */
  checksumType?: ChecksumType;
  ec: ErasureLayout;
  parts: UploadPartRecord[];
}

export interface SystemRecord {
  /** Base64 of the file's bytes. */
  data: string;
  mtime: number;
}

/** Identity of one version across drives (see the module comment). */
export function versionSignature(v: VersionRecord): string {
  return `${v.id}|${v.mtime}|${v.deleteMarker === true ? 1 : 0}|${v.dataDir ?? ''}|${v.metaTime ?? 0}|${v.etag}`;
}
