import { describe, expect, it } from 'vitest';
import { SIZE_UNITS, formatBytes, toBytes } from './units.js';

describe('binary units (spec 1 §9)', () => {
  it('offers B through YiB', () => {
    expect(SIZE_UNITS).toEqual(['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB', 'ZiB', 'YiB']);
  });
  it('converts with a factor of 1024', () => {
    expect(toBytes(1, 'TiB')).toBe(1099511627776);
    expect(toBytes(3, 'KiB')).toBe(3072);
    expect(toBytes(5, 'B')).toBe(5);
  });
  it('formats sizes with at most one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(50 * 1024 * 1024)).toBe('50 MiB');
    expect(formatBytes(-1)).toBe('0 B');
  });
});
