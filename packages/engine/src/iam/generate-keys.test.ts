import { describe, expect, it } from 'vitest';
import {
  ACCESS_KEY_LENGTH,
  SECRET_KEY_LENGTH,
  generateAccessKey,
  generateSecretKey,
  randomString,
} from './generate-keys.js';

describe('generated keys', () => {
  it('access keys are 20 characters of [A-Z0-9]', () => {
    for (let i = 0; i < 50; i++) expect(generateAccessKey()).toMatch(/^[A-Z0-9]{20}$/);
    expect(ACCESS_KEY_LENGTH).toBe(20);
  });

  it('secret keys are 40 alphanumeric characters', () => {
    for (let i = 0; i < 50; i++) expect(generateSecretKey()).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(SECRET_KEY_LENGTH).toBe(40);
  });

  it('does not repeat itself', () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateSecretKey()));
    expect(keys.size).toBe(200);
  });

  it('uses every letter of the alphabet about equally (no modulo bias)', () => {
    // With 200 letters a plain `byte % 200` would give the first 56 letters twice the share.
    const alphabet = Array.from({ length: 200 }, (_, i) => String.fromCharCode(0x100 + i)).join('');
    const counts = new Map<string, number>();
    for (const ch of randomString(200_000, alphabet)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    const low = [...alphabet.slice(0, 56)].reduce((s, ch) => s + (counts.get(ch) ?? 0), 0) / 56;
    const high = [...alphabet.slice(56)].reduce((s, ch) => s + (counts.get(ch) ?? 0), 0) / 144;
    expect(low / high).toBeGreaterThan(0.9);
    expect(low / high).toBeLessThan(1.1);
  });
});
