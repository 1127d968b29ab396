/**
 * The encrypted stream format of objects at rest (decision record 0006). One stream per single-PUT
 * object and one per multipart part:
 *
 *   header   32 bytes: a random salt, fresh for every stream (a re-uploaded part gets a new one)
 *   packages AES-256-GCM of 64 KiB plaintext each (the last may be shorter, an empty stream has one
 *            empty package), each followed by its 16-byte tag
 *
 * The stream key is HMAC-SHA256(object key, label ‖ part number ‖ salt), so no two streams share a
 * key and no nonce is ever reused under one key. A package's 12-byte nonce is its final flag (4
 * bytes) and sequence number (8 bytes): reordered, dropped, spliced (from another stream) or
 * truncated packages fail authentication. Sizes are a pure function of the plaintext size, so a
 * plaintext range maps to the few packages that hold it.
 */
import { createHmac } from 'node:crypto';

/** Plaintext bytes per package. */
export const PACKAGE_SIZE = 64 * 1024;
/** GCM tag after each package. */
export const TAG_SIZE = 16;
/** Random salt at the start of each stream. */
export const HEADER_SIZE = 32;
/** A full package as stored. */
export const SEALED_PACKAGE_SIZE = PACKAGE_SIZE + TAG_SIZE;

const STREAM_KEY_LABEL = Buffer.from('coffer sse stream v1', 'utf8');

/** How many packages a stream of `plain` plaintext bytes has (an empty stream has one). */
export function packageCount(plain: number): number {
  return Math.max(1, Math.ceil(plain / PACKAGE_SIZE));
}

/** Stored size of a stream holding `plain` plaintext bytes. */
export function encryptedSize(plain: number): number {
  return HEADER_SIZE + plain + TAG_SIZE * packageCount(plain);
}

/** Plaintext size of a stored stream of `stored` bytes; undefined when no plaintext size gives it. */
export function plaintextSize(stored: number): number | undefined {
  if (stored < HEADER_SIZE + TAG_SIZE) return undefined;
  const packages = Math.ceil((stored - HEADER_SIZE) / SEALED_PACKAGE_SIZE);
  const plain = stored - HEADER_SIZE - TAG_SIZE * packages;
  return plain >= 0 && encryptedSize(plain) === stored ? plain : undefined;
}

/** The key of one stream: bound to the object key, the part number (0 for a single PUT) and the salt. */
export function streamKey(objectKey: Buffer, partNumber: number, salt: Buffer): Buffer {
  const part = Buffer.alloc(4);
  part.writeUInt32BE(partNumber, 0);
  return createHmac('sha256', objectKey).update(STREAM_KEY_LABEL).update(part).update(salt).digest();
}

/** The nonce of package `sequence`; the final package of a stream is flagged. */
export function packageNonce(sequence: number, final: boolean): Buffer {
  const nonce = Buffer.alloc(12);
  nonce.writeUInt32BE(final ? 1 : 0, 0);
  nonce.writeBigUInt64BE(BigInt(sequence), 4);
  return nonce;
}

/** Stored length of package `sequence` of a stream of `plain` bytes. */
export function sealedPackageLength(plain: number, sequence: number): number {
  const last = packageCount(plain) - 1;
  if (sequence < last) return SEALED_PACKAGE_SIZE;
  return plain - last * PACKAGE_SIZE + TAG_SIZE;
}

/** Offset of package `sequence` within its stream (after the header). */
export function packageOffset(sequence: number): number {
  return HEADER_SIZE + sequence * SEALED_PACKAGE_SIZE;
}
