/**
 * A bounded cache of SigV4 signing keys. Deriving one costs four HMAC-SHA256 computations
 * (kDate → kRegion → kService → kSigning), and it depends only on the secret key and the
 * credential scope's date, region and service — the same for every request a client signs on a
 * given day — so verifying a signature can reuse it. The cache is keyed by all four inputs (a
 * rotated or revoked secret simply misses), holds at most `capacity` keys, and evicts the least
 * recently used one first (a Map keeps insertion order; a hit is moved to the end).
 */
import { deriveSigningKey } from '@coffer/protocol';

export const DEFAULT_SIGNING_KEY_CACHE_SIZE = 1024;

export class SigningKeyCache {
  private readonly keys = new Map<string, Buffer>();

  constructor(private readonly capacity = DEFAULT_SIGNING_KEY_CACHE_SIZE) {}

  /** The signing key of `secretKey` for the scope `date/region/service`. */
  get(secretKey: string, date: string, region: string, service: string): Buffer {
    // A scope's date, region and service cannot contain '/' (it separates them in the
    // credential), so everything after the third '/' is the secret: the key is unambiguous.
    const id = `${date}/${region}/${service}/${secretKey}`;
    const hit = this.keys.get(id);
    if (hit !== undefined) {
      this.keys.delete(id);
      this.keys.set(id, hit);
      return hit;
    }
    const key = deriveSigningKey(secretKey, date, region, service);
    this.keys.set(id, key);
    if (this.keys.size > this.capacity) {
      const oldest = this.keys.keys().next();
      if (oldest.done !== true) this.keys.delete(oldest.value);
    }
    return key;
  }

  get size(): number {
    return this.keys.size;
  }
}
