/**
 * Bucket and object name rules, checked before anything touches a drive.
 *
 * Buckets follow S3's DNS-compatible rules (3–63 characters of lowercase letters, digits, dots and
 * hyphens, starting and ending with a letter or digit, no `..`, not shaped like an IPv4 address);
 * names starting with `.coffer`/`coffer.sys` or MinIO's `.minio.sys` are reserved. Object keys are
 * at most 1024 bytes of UTF-8 (KeyTooLong), not empty, and — as MinIO refuses them because they would
 * escape a path — may not have `.` or `..` segments, a leading `/`, or a NUL byte; everything else
 * (quotes, `+`, spaces, unicode, `//` inside the key) is a valid key.
 */
import { InvalidBucketName, InvalidObjectName, KeyTooLong } from './errors.js';

const BUCKET_RE = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const IPV4_RE = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
const RESERVED_BUCKETS = ['.coffer', 'coffer.sys', '.minio.sys', 'minio.sys'];

export function validateBucketName(bucket: string): void {
  const bad =
    !BUCKET_RE.test(bucket) ||
    bucket.includes('..') ||
    bucket.includes('.-') ||
    bucket.includes('-.') ||
    IPV4_RE.test(bucket) ||
    RESERVED_BUCKETS.some((r) => bucket.startsWith(r));
  if (bad) throw new InvalidBucketName(`The specified bucket is not valid: ${bucket}`, { bucket });
}

export const MAX_KEY_BYTES = 1024;

export function validateObjectKey(bucket: string, key: string): void {
  if (key.length === 0) throw new InvalidObjectName('Object name cannot be empty', { bucket, key });
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) {
    throw new KeyTooLong('Your key is too long', { bucket, key });
  }
  if (key.includes('\0') || key.startsWith('/')) {
    throw new InvalidObjectName('Object name contains unsupported characters', { bucket, key });
  }
  for (const segment of key.split('/')) {
    if (segment === '.' || segment === '..') {
      throw new InvalidObjectName('Object name contains unsupported path segments', { bucket, key });
    }
  }
}
