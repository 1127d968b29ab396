import { deriveSigningKey } from '@coffer/protocol';
import { describe, expect, it } from 'vitest';
import { SigningKeyCache } from './signing-key-cache.js';

describe('signing key cache', () => {
  it('returns the derived key for every input combination', () => {
    const cache = new SigningKeyCache(8);
    const cases: [string, string, string, string][] = [
      ['secret', '20250101', 'us-east-1', 's3'],
      ['secret', '20250102', 'us-east-1', 's3'],
      ['secret', '20250101', 'eu-west-1', 's3'],
      ['secret', '20250101', 'us-east-1', 'sts'],
      ['other/secret', '20250101', 'us-east-1', 's3'],
      // Same concatenation with a different split must not collide.
      ['s3/x', '20250101', 'us-east-1', 's3'],
    ];
    for (const c of cases) expect(cache.get(...c).equals(deriveSigningKey(...c))).toBe(true);
    // Second round: from the cache, still right.
    for (const c of cases) expect(cache.get(...c).equals(deriveSigningKey(...c))).toBe(true);
    expect(cache.size).toBe(cases.length);
  });

  it('stays within its capacity, evicting the least recently used key', () => {
    const cache = new SigningKeyCache(3);
    const a = cache.get('a', '20250101', 'r', 's3');
    const firstB = cache.get('b', '20250101', 'r', 's3');
    cache.get('c', '20250101', 'r', 's3');
    // Touch 'a' so 'b' is the oldest, then add a fourth.
    expect(cache.get('a', '20250101', 'r', 's3')).toBe(a);
    cache.get('d', '20250101', 'r', 's3');
    expect(cache.size).toBe(3);
    expect(cache.get('a', '20250101', 'r', 's3')).toBe(a);
    // 'b' was evicted: derived again (a new buffer), with the same value.
    const b = cache.get('b', '20250101', 'r', 's3');
    expect(b).not.toBe(firstB);
    expect(b.equals(deriveSigningKey('b', '20250101', 'r', 's3'))).toBe(true);
    expect(cache.size).toBe(3);
  });
});
