/**
 * Sealing of key material with AES-256-GCM, the one cipher of the built-in KMS: data keys sealed
 * under a named key, named keys sealed under the master key. The AES key is derived per purpose
 * with HKDF-SHA256 from the key material, so a named key's bytes are never used directly for two
 * jobs, and the additional authenticated data binds the sealed bytes to the key's name and to the
 * caller's context (e.g. the bucket and object), so a sealed key copied elsewhere does not unseal.
 *
 * Layout: 1 byte format version (1) ‖ 12-byte random nonce ‖ ciphertext ‖ 16-byte tag. A random
 * nonce per seal is safe far beyond the number of keys one engine seals (GCM's 2^32 bound).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const FORMAT_VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** The smallest sealed value: header, nonce and tag around an empty plaintext. */
const MIN_SEALED = 1 + NONCE_BYTES + TAG_BYTES;

/** What a sealing key is used for: keeps the derived AES keys of different jobs apart. */
export type SealPurpose = 'named-key' | 'data-key';

/** The AES-256 key for `purpose` derived from 32 bytes of key material. */
export function sealingKey(material: Buffer, purpose: SealPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', material, Buffer.alloc(0), `coffer-kms ${purpose} v1`, 32));
}

/**
 * The additional authenticated data: the key's name and the context as canonical JSON (keys
 * sorted), so the same context always gives the same bytes whatever order the caller built it in.
 */
export function sealContext(keyId: string, context: Readonly<Record<string, string>>): Buffer {
  const sorted = Object.keys(context)
    .sort()
    .map((k) => [k, context[k]]);
  return Buffer.from(JSON.stringify([keyId, sorted]), 'utf8');
}

/** Seal `plaintext` under `key` (an output of `sealingKey`) bound to `aad`. */
export function seal(key: Buffer, plaintext: Buffer, aad: Buffer): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from([FORMAT_VERSION]), nonce, body, cipher.getAuthTag()]);
}

/** The plaintext of a sealed value, or undefined when key, `aad` or bytes are not the sealed ones. */
export function unseal(key: Buffer, sealed: Buffer, aad: Buffer): Buffer | undefined {
  if (sealed.length < MIN_SEALED || sealed[0] !== FORMAT_VERSION) return undefined;
  const nonce = sealed.subarray(1, 1 + NONCE_BYTES);
  const body = sealed.subarray(1 + NONCE_BYTES, sealed.length - TAG_BYTES);
  const tag = sealed.subarray(sealed.length - TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]);
  } catch {
    // GCM's tag check failed: the only outcome a caller can act on is "does not unseal".
    return undefined;
  }
}
