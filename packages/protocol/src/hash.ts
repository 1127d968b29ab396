/**
 * Hash and MAC primitives shared by SigV4, JWT and payload checks: thin wrappers over
 * `node:crypto` so every caller hashes strings as UTF-8 the same way.
 */
import * as crypto from 'node:crypto';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Node's one-shot `crypto.hash` (Node ≥ 20.12, 21.7): no Hash object per call, about half the
 * cost of createHash/update/digest for the short texts SigV4 hashes on every request.
 */
const hashOnce = (
  crypto as { hash?: (algorithm: string, data: string | Uint8Array, encoding: 'hex') => string }
).hash;

/** Lower-case hex SHA-256 of a UTF-8 string or raw bytes. */
export function sha256Hex(data: string | Uint8Array): string {
  if (hashOnce !== undefined) return hashOnce('sha256', data, 'hex');
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
  // Two empty strings (a long-term key without a session token, the common case): nothing secret.
  if (a.length === 0 && b.length === 0) return true;
  const ab = Buffer.from(a, 'utf8');
  const bb = Buffer.from(b, 'utf8');
  if (ab.length !== bb.length) return false;
  return timingSafeEqual(ab, bb);
}
