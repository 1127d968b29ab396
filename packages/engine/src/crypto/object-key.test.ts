/** SSE-C key sealing: only the right customer key for the same object path opens a sealed key. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newObjectKey, opaqueEtag, sealWithCustomerKey, unsealWithCustomerKey } from './object-key.js';
import { SseCustomerKeyMismatch } from './errors.js';

describe('SSE-C sealed object keys', () => {
  const customer = randomBytes(32);
  const objectKey = newObjectKey();
  const sealed = sealWithCustomerKey(objectKey, customer, 'bucket', 'a/key');

  it('opens with the customer key, and the sealed form holds neither key', () => {
    expect(unsealWithCustomerKey(sealed, customer, 'bucket', 'a/key').equals(objectKey)).toBe(true);
    expect(sealed.includes(objectKey)).toBe(false);
    expect(sealed.includes(customer)).toBe(false);
  });

  it('refuses another customer key, another object path and altered bytes (AccessDenied)', () => {
    expect(() => unsealWithCustomerKey(sealed, randomBytes(32), 'bucket', 'a/key')).toThrow(
      SseCustomerKeyMismatch,
    );
    expect(() => unsealWithCustomerKey(sealed, customer, 'bucket', 'b/key')).toThrow(SseCustomerKeyMismatch);
    const altered = Buffer.from(sealed);
    altered[20] = (altered[20] ?? 0) ^ 1;
    expect(() => unsealWithCustomerKey(altered, customer, 'bucket', 'a/key')).toThrow(SseCustomerKeyMismatch);
    expect(() => unsealWithCustomerKey(sealed.subarray(1), customer, 'bucket', 'a/key')).toThrow(
      SseCustomerKeyMismatch,
    );
  });

  it('gives opaque ETags that differ per object key and are not the MD5', () => {
    const md5 = randomBytes(16);
    const etag = opaqueEtag(objectKey, md5);
    expect(etag).toMatch(/^[0-9a-f]{32}$/);
    expect(etag).not.toBe(md5.toString('hex'));
    expect(opaqueEtag(newObjectKey(), md5)).not.toBe(etag);
    expect(opaqueEtag(objectKey, md5)).toBe(etag);
  });
});
