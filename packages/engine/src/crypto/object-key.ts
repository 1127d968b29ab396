/**
 * The per-object key and what protects it. Every encrypted version (or multipart upload) has its
 * own random 32-byte object key. SSE-S3 and SSE-KMS take it from the KMS as a data key (the KMS
 * seals it, bound to the object's path). SSE-C seals it here with AES-256-GCM under a key derived
 * from the customer key and the object's path; only that sealed key is stored, so a wrong customer
 * key fails the tag (AccessDenied) and the customer key itself is never kept.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { SseCustomerKeyMismatch } from './errors.js';

const KEK_LABEL = 'coffer sse-c key-encryption key v1';
const ETAG_LABEL = 'coffer sse etag v1';
const IV_SIZE = 12;
const TAG_SIZE = 16;

function customerKek(customerKey: Buffer, bucket: string, key: string): Buffer {
  return createHmac('sha256', customerKey).update(`${KEK_LABEL}\0${bucket}\0${key}`, 'utf8').digest();
}

/** Seal `objectKey` under the customer key for `bucket/key`: iv ‖ ciphertext ‖ tag. */
export function sealWithCustomerKey(
  objectKey: Buffer,
  customerKey: Buffer,
  bucket: string,
  key: string,
): Buffer {
  const iv = randomBytes(IV_SIZE);
  const cipher = createCipheriv('aes-256-gcm', customerKek(customerKey, bucket, key), iv);
  const sealed = Buffer.concat([cipher.update(objectKey), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]);
}

/** Open a key sealed by `sealWithCustomerKey`; a wrong customer key (or path) is AccessDenied. */
export function unsealWithCustomerKey(
  sealed: Buffer,
  customerKey: Buffer,
  bucket: string,
  key: string,
): Buffer {
  if (sealed.length !== IV_SIZE + 32 + TAG_SIZE)
    throw new SseCustomerKeyMismatch('Access Denied.', { bucket, key });
  const decipher = createDecipheriv(
    'aes-256-gcm',
    customerKek(customerKey, bucket, key),
    sealed.subarray(0, IV_SIZE),
  );
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_SIZE));
  try {
    return Buffer.concat([
      decipher.update(sealed.subarray(IV_SIZE, sealed.length - TAG_SIZE)),
      decipher.final(),
    ]);
  } catch {
    throw new SseCustomerKeyMismatch('Access Denied.', { bucket, key });
  }
}

/** A fresh random object key (SSE-C; SSE-S3/KMS get theirs from the KMS). */
export function newObjectKey(): Buffer {
  return randomBytes(32);
}

/**
 * The ETag of an SSE-KMS or SSE-C object: as with MinIO and S3 not the MD5 of the content (which
 * would reveal something about a customer-encrypted plaintext), but stable for the version.
 */
export function opaqueEtag(objectKey: Buffer, md5: Buffer): string {
  return createHmac('sha256', objectKey)
    .update(ETAG_LABEL)
    .update(md5)
    .digest()
    .subarray(0, 16)
    .toString('hex');
}
