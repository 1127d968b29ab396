import { describe, expect, it } from 'vitest';
import { invalidRequest } from '../../errors.js';
import { baseName, contentDisposition } from './content-disposition.js';
import { decodeContinuation, encodeContinuation } from './continuation.js';
import { decodeFormFileName } from './transfer-service.js';

describe('contentDisposition', () => {
  it('names the file by the last key segment', () => {
    expect(baseName('a/b/c.txt')).toBe('c.txt');
    expect(baseName('folder/')).toBe('folder');
    expect(baseName('')).toBe('download');
  });
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('x/naïve file (1).txt')).toBe(
      `attachment; filename="na_ve file (1).txt"; filename*=UTF-8''na%C3%AFve%20file%20%281%29.txt`,
    );
  });
  it('never lets a name break the header', () => {
    const header = contentDisposition('evil\r\nSet-Cookie: x=1".txt');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.startsWith('attachment; filename="evil__Set-Cookie: x=1_.txt"')).toBe(true);
  });
});

describe('continuations', () => {
  it('round-trip per kind and refuse other kinds', () => {
    const token = encodeContinuation({ m: 'versions', k: 'a/b', v: 'v1' });
    expect(decodeContinuation(token, 'versions')).toEqual({ m: 'versions', k: 'a/b', v: 'v1' });
    expect(() => decodeContinuation(token, 'page')).toThrow(invalidRequest('x').constructor);
    expect(() => decodeContinuation('%%%', 'search')).toThrow(/Invalid continuation/);
    expect(decodeContinuation(undefined, 'page')).toBeUndefined();
  });
});

describe('decodeFormFileName', () => {
  it('undoes the browser escapes of quotes and line breaks only', () => {
    expect(decodeFormFileName('a %22b%22.txt')).toBe('a "b".txt');
    expect(decodeFormFileName('x%0D%0Ay')).toBe('x\r\ny');
    expect(decodeFormFileName('100%25 sure')).toBe('100%25 sure');
  });
});
