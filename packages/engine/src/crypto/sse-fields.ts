/**
 * The internal fields an encrypted version (or multipart upload) keeps its sealed key, plaintext
 * size, ETag and checksums in, and the plaintext view handlers see instead: sizes, ETag, parts and
 * checksums of the plaintext, `encryption` set, the internal key fields removed.
 */
import type { Checksums, MultipartUploadInfo, ObjectEncryption, ObjectInfo } from '../object-layer/types.js';
import { ObjectTampered } from './errors.js';
import { formatOf, plaintextSize, type PackageFormat } from './package-format.js';
import type { StoredStream } from './read-plan.js';

/** Internal metadata fields of an encrypted version or upload (all start with `SSE_PREFIX`). */
export const SSE_PREFIX = 'x-coffer-sse-';
export const F = {
  kind: `${SSE_PREFIX}kind`,
  keyId: `${SSE_PREFIX}key-id`,
  sealedKey: `${SSE_PREFIX}sealed-key`,
  context: `${SSE_PREFIX}context`,
  size: `${SSE_PREFIX}size`,
  etag: `${SSE_PREFIX}etag`,
  checksums: `${SSE_PREFIX}checksums`,
  /** Set on uploads whose parts record the plaintext's checksums (older ones recorded the ciphertext's). */
  plainPartChecksums: `${SSE_PREFIX}plain-part-checksums`,
  /** The stream format version (package-format.ts); absent on versions and uploads of version 1. */
  format: `${SSE_PREFIX}format`,
} as const;

/** The stream format of an encrypted version or upload, from its internal fields. */
export function streamFormat(internal: Record<string, string> | undefined): PackageFormat {
  return formatOf(internal?.[F.format]);
}

/** The plaintext view of a stored version (identity for unencrypted ones). */
export function plaintextView(info: ObjectInfo): ObjectInfo {
  const kind = info.internal[F.kind];
  if (kind === undefined || info.deleteMarker) return info;
  const internal: Record<string, string> = {};
  for (const [name, value] of Object.entries(info.internal))
    if (!name.startsWith(SSE_PREFIX)) internal[name] = value;
  const encryption: ObjectEncryption = { kind: kind as ObjectEncryption['kind'] };
  const keyId = info.internal[F.keyId];
  if (keyId !== undefined) encryption.keyId = keyId;
  const context = info.internal[F.context];
  if (context !== undefined) encryption.context = context;
  const view: ObjectInfo = { ...info, internal, encryption };
  // A listing must not fail on one damaged version: an unknown format shows the stored sizes (a
  // read of it fails as tampered).
  let format: PackageFormat | undefined;
  try {
    format = streamFormat(info.internal);
  } catch {
    format = undefined;
  }
  const plainSize = (stored: number): number =>
    (format !== undefined ? plaintextSize(stored, format) : undefined) ?? stored;
  if (info.parts !== undefined && info.parts.length > 0) {
    view.parts = info.parts.map((p) => ({ ...p, size: plainSize(p.size) }));
    view.size = view.parts.reduce((n, p) => n + p.size, 0);
    // Parts of older uploads recorded the ciphertext's checksums: such an object shows none.
    if (info.internal[F.plainPartChecksums] === undefined) {
      view.parts = view.parts.map(({ checksums: _dropped, ...p }) => p);
      view.checksums = {};
    }
  } else {
    view.size = Number(info.internal[F.size] ?? plainSize(info.size));
    view.etag = info.internal[F.etag] ?? info.etag;
    view.checksums = parseChecksums(info.internal[F.checksums]);
  }
  return view;
}

function parseChecksums(text: string | undefined): Checksums {
  if (text === undefined) return {};
  try {
    return JSON.parse(text) as Checksums;
  } catch {
    return {};
  }
}

/** `internal` without the encryption fields (what handlers see, and what a new write must not inherit). */
export function withoutSseFields(internal: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(internal ?? {}))
    if (!name.startsWith(SSE_PREFIX)) out[name] = value;
  return out;
}

/** The view of a multipart upload: its encryption, without the internal key fields. */
export function uploadView(upload: MultipartUploadInfo): MultipartUploadInfo {
  const kind = upload.metadata.internal?.[F.kind];
  if (kind === undefined) return upload;
  const encryption: ObjectEncryption = { kind: kind as ObjectEncryption['kind'] };
  const keyId = upload.metadata.internal?.[F.keyId];
  if (keyId !== undefined) encryption.keyId = keyId;
  const context = upload.metadata.internal?.[F.context];
  if (context !== undefined) encryption.context = context;
  return {
    ...upload,
    metadata: { ...upload.metadata, internal: withoutSseFields(upload.metadata.internal) },
    encryption,
  };
}

/** The stored streams of a version: one for a single PUT, one per part. */
export function storedStreams(info: ObjectInfo, format: PackageFormat): StoredStream[] {
  const toStream = (partNumber: number, storedSize: number): StoredStream => {
    const plainSize = plaintextSize(storedSize, format);
    if (plainSize === undefined)
      throw new ObjectTampered('The stored object does not match its metadata.', {
        bucket: info.bucket,
        key: info.key,
      });
    return { partNumber, plainSize, storedSize };
  };
  if (info.parts !== undefined && info.parts.length > 0)
    return info.parts.map((p) => toStream(p.number, p.size));
  return [toStream(0, info.size)];
}
