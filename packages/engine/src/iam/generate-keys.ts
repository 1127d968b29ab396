/**
 * Random access keys and secret keys, shaped as MinIO issues them: a 20-character access key of
 * [A-Z0-9] and a 40-character secret. The secret uses [A-Za-z0-9] only (MinIO's may contain `+`),
 * so it can be pasted into a shell or a config file without quoting; 40 characters of a
 * 62-letter alphabet still carry about 238 bits.
 *
 * Characters are drawn by rejection sampling from `crypto.randomBytes`, so every letter of the
 * alphabet is equally likely (a plain `byte % n` would favour the first letters).
 */
import { randomBytes } from 'node:crypto';

const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Length of generated access keys (MinIO: `accessKeyMaxLen` default generation, 20). */
export const ACCESS_KEY_LENGTH = 20;
/** Length of generated secret keys (MinIO: 40). */
export const SECRET_KEY_LENGTH = 40;

/** `length` characters drawn uniformly from `alphabet` (at most 256 letters). */
export function randomString(length: number, alphabet: string): string {
  // Largest multiple of the alphabet size that fits in a byte: bytes at or above it are dropped.
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= limit) continue;
      out += alphabet.charAt(byte % alphabet.length);
      if (out.length === length) break;
    }
  }
  return out;
}

export function generateAccessKey(): string {
  return randomString(ACCESS_KEY_LENGTH, UPPER_ALNUM);
}

export function generateSecretKey(): string {
  return randomString(SECRET_KEY_LENGTH, ALNUM);
}
