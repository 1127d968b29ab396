import { describe, expect, it } from 'vitest';
import { defaultParity, erasureSetSize, parityOptions, writeQuorum } from './erasure-sets.js';

describe('parity options (reference §4.1, the 2021 console tests and table)', () => {
  it('matches the console test cases', () => {
    expect(parityOptions(4, 10)).toEqual(['EC:4', 'EC:3', 'EC:2']);
    expect(parityOptions(4, 1)).toEqual(['EC:2']);
    expect(parityOptions(2, 50)).toEqual(['EC:5', 'EC:4', 'EC:3', 'EC:2']);
    expect(() => parityOptions(1, 1)).toThrow(/incorrect number of endpoints/);
  });

  it('matches the reference table (set size by servers × drives)', () => {
    const rows: [number, number, number][] = [
      [1, 6, 6],
      [2, 10, 10],
      [3, 3, 9],
      [3, 6, 9],
      [4, 5, 4],
      [4, 10, 8],
      [5, 3, 15],
      [6, 3, 6],
      [7, 2, 14],
      [9, 16, 9],
      [12, 5, 12],
      [16, 1, 16],
      [32, 3, 16],
      [20, 1, 10],
      // More from the sample table (the cluster simulator's cases).
      [1, 4, 4],
      [1, 16, 16],
      [2, 2, 4],
      [3, 16, 12],
      [4, 1, 4],
      [5, 4, 10],
      [9, 8, 9],
      [16, 3, 16],
      [32, 1, 16],
    ];
    for (const [n, d, set] of rows) expect(erasureSetSize(n, d), `${n}x${d}`).toBe(set);
  });

  it('refuses counts without a symmetric set size', () => {
    expect(() => erasureSetSize(1, 3)).toThrow(/at least 4/);
    expect(() => erasureSetSize(17, 1)).toThrow(/not divisible/);
    expect(() => erasureSetSize(3, 4 * 1)).not.toThrow();
    expect(() => erasureSetSize(3, 7)).toThrow(/no symmetric distribution/);
  });

  it("MinIO's default parity and write quorum", () => {
    expect([1, 2, 4, 6, 8, 16].map(defaultParity)).toEqual([0, 1, 2, 3, 4, 4]);
    expect(writeQuorum(4, 2)).toBe(3);
    expect(writeQuorum(16, 4)).toBe(12);
    expect(writeQuorum(8, 2)).toBe(6);
    expect(writeQuorum(16, 8)).toBe(9);
  });
});
