import { describe, expect, it } from 'vitest';
import { SIZE_UNITS, formatBytes, largestEvenUnit, toBytes } from './units.js';

describe('binary units (spec 1 §9)', () => {
  it('offers B through YiB', () => {
    expect(SIZE_UNITS).toEqual(['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB', 'ZiB', 'YiB']);
  });
  it('converts with a factor of 1024', () => {
    expect(toBytes(1, 'TiB')).toBe(1099511627776);
    expect(toBytes(3, 'KiB')).toBe(3072);
    expect(toBytes(5, 'B')).toBe(5);
  });
  it('finds the largest unit that divides an amount evenly (spec 1 §4)', () => {
    expect(largestEvenUnit(5 * 1024 ** 3)).toEqual({ amount: 5, unit: 'GiB' });
    expect(largestEvenUnit(1536)).toEqual({ amount: 1536, unit: 'B' });
    expect(largestEvenUnit(3072)).toEqual({ amount: 3, unit: 'KiB' });
    expect(largestEvenUnit(1024 ** 4)).toEqual({ amount: 1, unit: 'TiB' });
    expect(largestEvenUnit(1536 * 1024 ** 2)).toEqual({ amount: 1536, unit: 'MiB' });
    expect(largestEvenUnit(2 * 1024 ** 8)).toEqual({ amount: 2, unit: 'YiB' });
    expect(largestEvenUnit(1024 ** 9)).toEqual({ amount: 1024, unit: 'YiB' });
    expect(largestEvenUnit(0)).toEqual({ amount: 0, unit: 'B' });
    // Every unit round-trips through toBytes.
    for (const unit of SIZE_UNITS) expect(largestEvenUnit(toBytes(7, unit))).toEqual({ amount: 7, unit });
  });
  it('formats sizes with at most one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(50 * 1024 * 1024)).toBe('50 MiB');
    expect(formatBytes(-1)).toBe('0 B');
  });
});
