/**
 * Value types the storage layer records on the drives and the layers above share: checksums of
 * S3's x-amz-checksum-* family, versioning status, the client metadata of a version, drive states.
 * `object-layer/types.ts` re-exports them for handlers.
 */

/** The checksum algorithms of S3's x-amz-checksum-* headers. */
export type ChecksumAlgorithm = 'CRC32' | 'CRC32C' | 'SHA1' | 'SHA256' | 'CRC64NVME';
/** How a multipart object's checksum is made from its parts (storage/multipart-checksums.ts). */
export type ChecksumType = 'COMPOSITE' | 'FULL_OBJECT';
/** Checksums as S3 shows them: base64 of the big-endian digest, by algorithm. */
export type Checksums = Partial<Record<ChecksumAlgorithm, string>>;

export type VersioningStatus = 'Enabled' | 'Suspended' | 'Unversioned';

/**
 * MinIO's exclusions from Enabled versioning: keys matching a prefix pattern (`*` wildcards, the
 * pattern matched as a prefix) or, with `folders`, keys ending in `/` are written as if the bucket
 * were Suspended (null versions, null delete markers).
 */
export interface VersioningExclusions {
  prefixes: string[];
  folders: boolean;
}

/** What the layer computed while consuming a body, handed to `verify` before the write commits. */
export interface ComputedDigests {
  /** MD5 of the bytes received (the ETag of a single-part object is its hex). */
  md5: Buffer;
  /** SHA-256 of the bytes received, when `computeSha256` was asked. */
  sha256?: Buffer;
  size: number;
  checksums: Checksums;
}

/** Metadata a client sets on an object. */
export interface ObjectMetadataInput {
  contentType?: string;
  /** cache-control, content-disposition, content-encoding, content-language, expires, … (lower-case names). */
  headers?: Record<string, string>;
  /** x-amz-meta-* with the prefix removed, names lower-case. */
  userMetadata?: Record<string, string>;
  /** x-amz-tagging as its URL-encoded string form. */
  tagging?: string;
  storageClass?: string;
  /** Anything else an upper layer wants kept with the version (object lock, SSE, …): opaque here. */
  internal?: Record<string, string>;
}

/** The health of one drive as the object layer reports it. */
export type DriveState = 'ok' | 'offline' | 'corrupt' | 'missing' | 'unformatted' | 'faulty';
