import { describe, expect, it } from 'vitest';
import { InvalidArgument } from '../common/errors.js';
import { InvalidRange } from '../object-layer/errors.js';
import { contentRange, parseCopySourceRange, parseRange } from './range.js';

describe('parseRange', () => {
  it('resolves first-last, open-ended and suffix ranges', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=10-', 100)).toEqual({ start: 10, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
  });

  it('clamps a last byte past the end and a suffix longer than the object', () => {
    expect(parseRange('bytes=50-1000', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=-1000', 100)).toEqual({ start: 0, end: 99 });
  });

  it('ignores what is not a single valid byte range (RFC 7233: serve the whole object)', () => {
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(parseRange('', 100)).toBeUndefined();
    expect(parseRange('items=0-1', 100)).toBeUndefined();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(parseRange('bytes=9-3', 100)).toBeUndefined();
    expect(parseRange('bytes=-', 100)).toBeUndefined();
    expect(parseRange('bytes=a-b', 100)).toBeUndefined();
  });

  it('refuses unsatisfiable ranges with InvalidRange carrying size and range', () => {
    for (const [value, size] of [
      ['bytes=100-', 100],
      ['bytes=100-200', 100],
      ['bytes=-0', 100],
      ['bytes=0-', 0],
      ['bytes=-5', 0],
    ] as const) {
      let caught: unknown;
      try {
        parseRange(value, size);
      } catch (err) {
        caught = err;
      }
      expect(caught, value).toBeInstanceOf(InvalidRange);
      expect((caught as InvalidRange).objectSize).toBe(size);
      expect((caught as InvalidRange).range).toBe(value);
    }
  });

  it('formats Content-Range', () => {
    expect(contentRange({ start: 0, end: 9 }, 100)).toBe('bytes 0-9/100');
  });
});

describe('parseCopySourceRange', () => {
  it('accepts only bytes=first-last inside the source', () => {
    expect(parseCopySourceRange('bytes=0-4', 10)).toEqual({ start: 0, end: 4 });
    expect(() => parseCopySourceRange('bytes=0-', 10)).toThrow(InvalidArgument);
    expect(() => parseCopySourceRange('bytes=-3', 10)).toThrow(InvalidArgument);
    expect(() => parseCopySourceRange('bytes=5-1', 10)).toThrow(InvalidArgument);
    expect(() => parseCopySourceRange('bytes=0-10', 10)).toThrow(InvalidRange);
  });
});
