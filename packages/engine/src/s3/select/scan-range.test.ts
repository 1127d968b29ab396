import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { RecordWindow, resolveScanRange } from './scan-range.js';

const DATA = 'aa\nbbbb\ncc\ndddddd\ne\n';
// Record starts: aa@0, bbbb@3, cc@8, dddddd@11, e@18.

/** The records a scan range keeps, fed in chunks of `size` bytes. */
async function keep(start: number | undefined, end: number | undefined, size: number): Promise<string> {
  const range = resolveScanRange(
    { ...(start !== undefined ? { start } : {}), ...(end !== undefined ? { end } : {}) },
    DATA.length,
  );
  if (range === undefined) return '';
  const readFrom = Math.max(0, range.first - 1);
  const bytes = Buffer.from(DATA).subarray(readFrom);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  const out: Buffer[] = [];
  for await (const c of Readable.from(chunks).pipe(new RecordWindow(readFrom, range.first, range.last))) {
    out.push(c as Buffer);
  }
  return Buffer.concat(out).toString();
}

describe('ScanRange record window', () => {
  it('keeps the records that start in the range, whole, whatever the chunking', async () => {
    for (const size of [1, 2, 3, 5, 64]) {
      expect(await keep(0, 0, size)).toBe('aa\n');
      expect(await keep(1, 3, size)).toBe('bbbb\n');
      expect(await keep(3, 8, size)).toBe('bbbb\ncc\n');
      expect(await keep(2, 2, size)).toBe('');
      expect(await keep(9, undefined, size)).toBe('dddddd\ne\n');
      expect(await keep(undefined, 3, size)).toBe('e\n');
      expect(await keep(0, 100, size)).toBe(DATA);
    }
  });

  it('an empty or out-of-object range has no records', () => {
    expect(resolveScanRange({ start: 50 }, DATA.length)).toBeUndefined();
    expect(resolveScanRange({ start: 5, end: 100 }, DATA.length)).toEqual({
      first: 5,
      last: DATA.length - 1,
    });
  });
});
