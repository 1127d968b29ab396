import { describe, expect, it } from 'vitest';
import { InvalidArgument } from '../common/errors.js';
import { parseCopySource } from './copy-source.js';

const parse = (value: string): ReturnType<typeof parseCopySource> =>
  parseCopySource({ 'x-amz-copy-source': value });

describe('parseCopySource', () => {
  it('accepts /bucket/key and bucket/key, URL-decoded', () => {
    expect(parse('/src/a/b.txt')).toEqual({ bucket: 'src', key: 'a/b.txt' });
    expect(parse('src/a%20b%2Bc%27d')).toEqual({ bucket: 'src', key: "a b+c'd" });
    expect(parse('/src/%E6%97%A5%E6%9C%AC')).toEqual({ bucket: 'src', key: '日本' });
  });

  it('keeps + literal and an encoded ? inside the key; reads versionId from the query', () => {
    expect(parse('/src/a+b')).toEqual({ bucket: 'src', key: 'a+b' });
    expect(parse('/src/what%3F.txt?versionId=v-1')).toEqual({
      bucket: 'src',
      key: 'what?.txt',
      versionId: 'v-1',
    });
  });

  it('refuses sources without bucket or key, bad escapes and empty version ids', () => {
    for (const bad of ['', '/', '/src', '/src/', 'src', '/%ZZ/x'])
      expect(() => parse(bad), bad).toThrow(InvalidArgument);
    expect(() => parse('/src/k?versionId=')).toThrow(InvalidArgument);
    expect(() => parseCopySource({})).toThrow(InvalidArgument);
  });
});
