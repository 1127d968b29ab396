import { describe, expect, it } from 'vitest';
import { defaultParity, erasureSetSize, parityOptions, writeQuorum } from './erasure.js';

describe('MinIO erasure-set maths (reference §4.1)', () => {
  it('picks the largest symmetric set size, as the sample table shows', () => {
    // [servers, drives per server, set size]
    const table: [number, number, number][] = [
      [1, 4, 4],
      [1, 6, 6],
      [1, 16, 16],
      [2, 2, 4],
      [2, 10, 10],
      [3, 3, 9],
      [3, 6, 9],
      [3, 16, 12],
      [4, 1, 4],
      [4, 5, 4],
      [4, 10, 8],
      [5, 4, 10],
      [6, 3, 6],
      [7, 2, 14],
      [9, 8, 9],
      [16, 3, 16],
      [32, 1, 16],
    ];
    for (const [n, d, set] of table) expect([n, d, erasureSetSize(n, d)]).toEqual([n, d, set]);
  });

  it('lists parities from half the set down to EC:2 and refuses impossible layouts', () => {
    expect(parityOptions(4, 10)).toEqual(['EC:4', 'EC:3', 'EC:2']);
    expect(parityOptions(4, 1)).toEqual(['EC:2']);
    expect(parityOptions(2, 50)).toEqual(['EC:5', 'EC:4', 'EC:3', 'EC:2']);
    expect(() => erasureSetSize(1, 1)).toThrow(/incorrect number of endpoints/);
    expect(() => erasureSetSize(17, 1)).toThrow(/not divisible/);
  });

  it("uses MinIO's default parity and write quorum", () => {
    expect([4, 5, 6, 8, 16].map(defaultParity)).toEqual([2, 2, 3, 4, 4]);
    expect(writeQuorum(4, 2)).toBe(3);
    expect(writeQuorum(8, 2)).toBe(6);
    expect(writeQuorum(16, 8)).toBe(9);
  });
});
