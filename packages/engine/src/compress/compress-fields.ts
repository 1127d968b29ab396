/**
 * The internal fields of a compressed version (or multipart upload) and the view handlers see
 * instead: the plaintext's size, ETag (MD5 of the uncompressed bytes for a single PUT, as MinIO),
 * checksums and part sizes; the fields themselves never leave `compress/` (MinIO keeps
 * `X-Minio-Internal-compression` and `-actual-size` the same way).
 */
import type { Checksums, MultipartUploadInfo, ObjectInfo } from '../object-layer/types.js';

export const COMPRESS_PREFIX = 'x-coffer-compress-';
export const C = {
  /** The stored format (`ALGORITHM`); its presence marks a compressed version or upload. */
  algorithm: `${COMPRESS_PREFIX}algorithm`,
  /** Plaintext size of a single-PUT version. */
  size: `${COMPRESS_PREFIX}size`,
  /** Plaintext MD5 (hex) of a single-PUT version. */
  etag: `${COMPRESS_PREFIX}etag`,
  /** Plaintext checksums (JSON) of a single-PUT version. */
  checksums: `${COMPRESS_PREFIX}checksums`,
  /** Set on uploads whose parts record the plaintext's checksums (older ones recorded the stored bytes'). */
  plainPartChecksums: `${COMPRESS_PREFIX}plain-part-checksums`,
  /** Stored block lengths of a single-PUT version (`packLengths`), when small enough to keep here. */
  index: `${COMPRESS_PREFIX}index`,
} as const;

/** Deflate-raw blocks of 1 MiB with a trailing index (decision record 0008). */
export const ALGORITHM = 'deflate-blocks-1m';

export function isCompressed(info: { internal: Record<string, string> }): boolean {
  return info.internal[C.algorithm] !== undefined;
}

/** `internal` without the compression fields (what handlers see, and what a write must not inherit). */
export function withoutCompressFields(internal: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(internal ?? {}))
    if (!name.startsWith(COMPRESS_PREFIX)) out[name] = value;
  return out;
}

function parseChecksums(text: string | undefined): Checksums {
  if (text === undefined) return {};
  try {
    return JSON.parse(text) as Checksums;
  } catch {
    return {};
  }
}

/** The plaintext view of a stored version (identity for versions stored uncompressed). */
export function uncompressedView(info: ObjectInfo): ObjectInfo {
  if (!isCompressed(info) || info.deleteMarker) return info;
  const view: ObjectInfo = { ...info, internal: withoutCompressFields(info.internal) };
  if (info.parts !== undefined && info.parts.length > 0) {
    // Parts of older uploads recorded the stored bytes' checksums: such an object shows none.
    const plain = info.internal[C.plainPartChecksums] !== undefined;
    view.parts = info.parts.map(({ checksums, actualSize, ...p }) => ({
      ...p,
      size: actualSize ?? p.size,
      ...(plain && checksums !== undefined ? { checksums } : {}),
    }));
    view.size = view.parts.reduce((n, p) => n + p.size, 0);
    if (!plain) view.checksums = {};
  } else {
    view.size = Number(info.internal[C.size] ?? info.size);
    // SSE-KMS and SSE-C ETags are opaque (encryption's view): only the others are the plaintext's MD5.
    const opaque = info.encryption?.kind === 'SSE-KMS' || info.encryption?.kind === 'SSE-C';
    if (!opaque) view.etag = info.internal[C.etag] ?? info.etag;
    view.checksums = parseChecksums(info.internal[C.checksums]);
  }
  return view;
}

/** A multipart upload without the compression field. */
export function uploadView(upload: MultipartUploadInfo): MultipartUploadInfo {
  if (upload.metadata.internal?.[C.algorithm] === undefined) return upload;
  return {
    ...upload,
    metadata: { ...upload.metadata, internal: withoutCompressFields(upload.metadata.internal) },
  };
}
