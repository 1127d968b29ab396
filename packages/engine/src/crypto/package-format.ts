/**
 * The encrypted stream format of objects at rest (decision records 0006 and 0023). One stream per
 * single-PUT object and one per multipart part:
 *
 *   header   32 bytes: a random salt, fresh for every stream (a re-uploaded part gets a new one)
 *   packages AES-256-GCM of `packageSize` plaintext bytes each (the last may be shorter, an empty
 *            stream has one empty package), each followed by its 16-byte tag
 *
 * Two versions, told apart by the version's (or upload's) internal field `x-coffer-sse-format`:
 * version 1 (no field: everything written before it existed) has 64 KiB packages, version 2 (all
 * new writes) 1 MiB packages — a quarter less cipher work per byte on node:crypto, where every
 * package costs a cipher object and every `update` a fresh output buffer (decision 0023).
 *
 * The stream key is HMAC-SHA256(object key, version label ‖ part number ‖ salt), so no two streams
 * share a key, no nonce is ever reused under one key, and a stream read under the wrong version
 * (a flipped format field) fails authentication instead of yielding garbage. A package's 12-byte
 * nonce is its final flag (4 bytes) and sequence number (8 bytes): reordered, dropped, spliced
 * (from another stream) or truncated packages fail authentication. Sizes are a pure function of
 * the plaintext size and the version, so a plaintext range maps to the few packages that hold it.
 */
import { createHmac } from 'node:crypto';
import { ObjectTampered } from './errors.js';

/** GCM tag after each package. */
export const TAG_SIZE = 16;
/** Random salt at the start of each stream. */
export const HEADER_SIZE = 32;

/** One version of the stream format. */
export interface PackageFormat {
  readonly version: 1 | 2;
  /** Plaintext bytes per package. */
  readonly packageSize: number;
  /** A full package as stored (plaintext and tag). */
  readonly sealedPackageSize: number;
  /** Bound into every stream key of the version. */
  readonly label: Buffer;
}

function format(version: 1 | 2, packageSize: number): PackageFormat {
  return {
    version,
    packageSize,
    sealedPackageSize: packageSize + TAG_SIZE,
    label: Buffer.from(`coffer sse stream v${version}`, 'utf8'),
  };
}

/** Version 1: 64 KiB packages (objects and uploads without a format field). */
export const FORMAT_V1 = format(1, 64 * 1024);
/** Version 2: 1 MiB packages. */
export const FORMAT_V2 = format(2, 1024 * 1024);
/** What new objects and new multipart uploads are written in. */
export const CURRENT_FORMAT = FORMAT_V2;
/** The smallest package of any version (run buffers below it are not worth a thread). */
export const MIN_PACKAGE_SIZE = FORMAT_V1.packageSize;

/** The version named by a stored format field (undefined: version 1); unknown ones are refused. */
export function formatOf(field: string | undefined): PackageFormat {
  if (field === undefined || field === '1') return FORMAT_V1;
  if (field === '2') return FORMAT_V2;
  throw new ObjectTampered(`The stored object names an unknown encryption format (${field}).`);
}

/** How many packages a stream of `plain` plaintext bytes has (an empty stream has one). */
export function packageCount(plain: number, f: PackageFormat): number {
  return Math.max(1, Math.ceil(plain / f.packageSize));
}

/** Stored size of a stream holding `plain` plaintext bytes. */
export function encryptedSize(plain: number, f: PackageFormat): number {
  return HEADER_SIZE + plain + TAG_SIZE * packageCount(plain, f);
}

/** Plaintext size of a stored stream of `stored` bytes; undefined when no plaintext size gives it. */
export function plaintextSize(stored: number, f: PackageFormat): number | undefined {
  if (stored < HEADER_SIZE + TAG_SIZE) return undefined;
  const packages = Math.ceil((stored - HEADER_SIZE) / f.sealedPackageSize);
  const plain = stored - HEADER_SIZE - TAG_SIZE * packages;
  return plain >= 0 && encryptedSize(plain, f) === stored ? plain : undefined;
}

/** The key of one stream: bound to the object key, the version, the part number (0 for a single PUT) and the salt. */
export function streamKey(objectKey: Buffer, partNumber: number, salt: Buffer, f: PackageFormat): Buffer {
  const part = Buffer.alloc(4);
  part.writeUInt32BE(partNumber, 0);
  return createHmac('sha256', objectKey).update(f.label).update(part).update(salt).digest();
}

/** The nonce of package `sequence`; the final package of a stream is flagged. */
export function packageNonce(sequence: number, final: boolean): Buffer {
  const nonce = Buffer.alloc(12);
  nonce.writeUInt32BE(final ? 1 : 0, 0);
  nonce.writeBigUInt64BE(BigInt(sequence), 4);
  return nonce;
}

/** Stored length of package `sequence` of a stream of `plain` bytes. */
export function sealedPackageLength(plain: number, sequence: number, f: PackageFormat): number {
  const last = packageCount(plain, f) - 1;
  if (sequence < last) return f.sealedPackageSize;
  return plain - last * f.packageSize + TAG_SIZE;
}

/** Offset of package `sequence` within its stream (after the header). */
export function packageOffset(sequence: number, f: PackageFormat): number {
  return HEADER_SIZE + sequence * f.sealedPackageSize;
}
