import { describe, expect, it } from 'vitest';
import { bucketFromHost, resolveS3Target, splitRequestUrl } from './target.js';

describe('splitRequestUrl', () => {
  it('decodes the path and keeps + as a literal plus', () => {
    const t = splitRequestUrl('/b/a+b%2Bc%20d?prefix=x+y&list-type=2');
    expect(t.path).toBe('/b/a+b+c d');
    expect(t.rawPath).toBe('/b/a+b%2Bc%20d');
    // Query strings use + for space (form encoding), paths do not.
    expect(t.query.get('prefix')).toBe('x y');
    expect(t.query.get('list-type')).toBe('2');
  });

  it('keeps dot segments, doubled slashes and trailing slashes', () => {
    expect(splitRequestUrl('/b/x/../y//z/').path).toBe('/b/x/../y//z/');
  });

  it('accepts absolute-form request targets', () => {
    const t = splitRequestUrl('http://example.com:9000/b/k?versions');
    expect(t.path).toBe('/b/k');
    expect(t.query.has('versions')).toBe(true);
  });

  it('refuses invalid percent-encoding', () => {
    expect(() => splitRequestUrl('/b/%E0%A4%A')).toThrow(/percent-encoded/);
  });
});

describe('resolveS3Target (path style)', () => {
  it('splits bucket and key', () => {
    expect(resolveS3Target('/', undefined, [])).toEqual({});
    expect(resolveS3Target('/bucket', undefined, [])).toEqual({ bucket: 'bucket' });
    expect(resolveS3Target('/bucket/', undefined, [])).toEqual({ bucket: 'bucket' });
    expect(resolveS3Target('/bucket/dir/file.txt', undefined, [])).toEqual({
      bucket: 'bucket',
      key: 'dir/file.txt',
    });
  });

  it('keeps special characters and a trailing slash in the key', () => {
    const key = "it's a+b=c&d ü/€/";
    expect(resolveS3Target(`/bucket/${key}`, '127.0.0.1:9000', [])).toEqual({ bucket: 'bucket', key });
    expect(resolveS3Target('/bucket//leading', undefined, [])).toEqual({ bucket: 'bucket', key: '/leading' });
  });

  it('is path style when the Host is the domain itself or another host', () => {
    expect(resolveS3Target('/b/k', 'example.com', ['example.com'])).toEqual({ bucket: 'b', key: 'k' });
    expect(resolveS3Target('/b/k', 'other.org', ['example.com'])).toEqual({ bucket: 'b', key: 'k' });
  });
});

describe('resolveS3Target (virtual-host style)', () => {
  it('takes the bucket from the Host header', () => {
    expect(resolveS3Target('/dir/a+b', 'photos.example.com:9000', ['example.com'])).toEqual({
      bucket: 'photos',
      key: 'dir/a+b',
    });
    expect(resolveS3Target('/', 'photos.example.com', ['example.com'])).toEqual({ bucket: 'photos' });
  });

  it('handles dotted bucket names, case and domains with ports', () => {
    expect(bucketFromHost('My.Bucket.S3.Example.com', ['s3.example.com'])).toBe('my.bucket');
    expect(bucketFromHost('b.example.com:9000', ['example.com:9000'])).toBe('b');
    expect(bucketFromHost('b.example.com:9001', ['example.com:9000'])).toBeUndefined();
    expect(bucketFromHost('b.example.com', [])).toBeUndefined();
    expect(bucketFromHost(undefined, ['example.com'])).toBeUndefined();
  });
});
