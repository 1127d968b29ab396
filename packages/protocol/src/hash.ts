/**
 * Hash and MAC primitives shared by SigV4, JWT and payload checks: thin wrappers over
 * `node:crypto` so every caller hashes strings as UTF-8 the same way.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Lower-case hex SHA-256 of a UTF-8 string or raw bytes. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** HMAC-SHA256 of a UTF-8 string under `key` (a string key is taken as UTF-8). */
export function hmacSha256(key: string | Uint8Array, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/** Hex SHA-256 of the empty string: the payload hash of a request without a body. */
export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/**
 * Constant-time comparison of two strings (e.g. hex signatures, session tokens). Different lengths
 * return false immediately: the length of a signature is public, its content is not.
 */
export function timingSafeEqualString(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'utf8');
  const bb = Buffer.from(b, 'utf8');
  if (ab.length !== bb.length) return false;
  return timingSafeEqual(ab, bb);
}
