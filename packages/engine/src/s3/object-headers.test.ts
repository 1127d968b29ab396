import { ServerResponse, IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { InvalidStorageClass, MetadataTooLarge } from './errors.js';
import { InvalidTag } from '../bucket/errors.js';
import type { ObjectInfo } from '../object-layer/types.js';
import {
  DEFAULT_CONTENT_TYPE,
  applyResponseOverrides,
  formatTagString,
  headerSafe,
  httpDate,
  metadataFromHeaders,
  parseTagString,
  responseOverrides,
  stripAwsChunked,
  validateTags,
  writeObjectHeaders,
} from './object-headers.js';

function response(): ServerResponse {
  return new ServerResponse(new IncomingMessage(new Socket()));
}

function info(overrides: Partial<ObjectInfo> = {}): ObjectInfo {
  return {
    bucket: 'b',
    key: 'k',
    versionId: 'null',
    isLatest: true,
    deleteMarker: false,
    size: 5,
    etag: 'd41d8cd98f00b204e9800998ecf8427e',
    lastModified: new Date('2024-05-01T12:00:00.123Z'),
    contentType: 'text/plain',
    headers: { 'cache-control': 'no-cache' },
    userMetadata: { color: 'blue' },
    storageClass: 'STANDARD',
    checksums: { CRC32: 'AAAAAA==' },
    internal: {},
    ...overrides,
  };
}

describe('metadataFromHeaders', () => {
  it('maps content type, stored headers, user metadata, tags and storage class', () => {
    const meta = metadataFromHeaders({
      'content-type': 'text/html',
      'cache-control': 'max-age=60',
      'content-disposition': 'attachment',
      'content-encoding': 'gzip,aws-chunked',
      'content-language': 'en',
      expires: 'Thu, 01 Dec 2094 16:00:00 GMT',
      'x-amz-meta-color': 'Blue',
      'x-amz-meta-mtime': '1700000000',
      'x-amz-tagging': 'a=1&b=two%20words',
      'x-amz-storage-class': 'REDUCED_REDUNDANCY',
      'x-amz-date': 'ignored',
    });
    expect(meta.contentType).toBe('text/html');
    expect(meta.headers).toEqual({
      'cache-control': 'max-age=60',
      'content-disposition': 'attachment',
      'content-encoding': 'gzip',
      'content-language': 'en',
      expires: 'Thu, 01 Dec 2094 16:00:00 GMT',
    });
    expect(meta.userMetadata).toEqual({ color: 'Blue', mtime: '1700000000' });
    expect(parseTagString(meta.tagging)).toEqual([
      { key: 'a', value: '1' },
      { key: 'b', value: 'two words' },
    ]);
    expect(meta.storageClass).toBe('REDUCED_REDUNDANCY');
  });

  it('defaults the content type and drops a content-encoding that was only aws-chunked', () => {
    const meta = metadataFromHeaders({ 'content-encoding': 'aws-chunked' });
    expect(meta.contentType).toBe(DEFAULT_CONTENT_TYPE);
    expect(meta.headers).toEqual({});
    expect(stripAwsChunked('aws-chunked, br')).toBe('br');
  });

  it('refuses unknown storage classes, bad tags and oversized metadata', () => {
    expect(() => metadataFromHeaders({ 'x-amz-storage-class': 'GLACIER' })).toThrow(InvalidStorageClass);
    expect(() => metadataFromHeaders({ 'x-amz-tagging': 'a=1&a=2' })).toThrow(InvalidTag);
    expect(() => metadataFromHeaders({ 'x-amz-meta-big': 'x'.repeat(2100) })).toThrow(MetadataTooLarge);
  });
});

describe('tags', () => {
  it('enforces S3 limits', () => {
    const ten = Array.from({ length: 10 }, (_, i) => ({ key: `k${i}`, value: 'v' }));
    expect(() => validateTags(ten)).not.toThrow();
    expect(() => validateTags([...ten, { key: 'k10', value: 'v' }])).toThrow(InvalidTag);
    expect(() => validateTags([{ key: 'k'.repeat(128), value: 'v'.repeat(256) }])).not.toThrow();
    expect(() => validateTags([{ key: 'k'.repeat(129), value: '' }])).toThrow(InvalidTag);
    expect(() => validateTags([{ key: 'k', value: 'v'.repeat(257) }])).toThrow(InvalidTag);
    expect(() => validateTags([{ key: '', value: 'v' }])).toThrow(InvalidTag);
  });

  it('round-trips the URL-encoded form', () => {
    const tags = [
      { key: 'a b', value: 'x&y=z' },
      { key: 'ключ', value: '' },
    ];
    expect(parseTagString(formatTagString(tags))).toEqual(tags);
    expect(formatTagString([])).toBeUndefined();
  });
});

describe('writeObjectHeaders', () => {
  it('writes validators, metadata and S3 headers', () => {
    const res = response();
    writeObjectHeaders(res, info({ tagging: 'a=1&b=2' }), { versionHeader: false, checksums: true });
    expect(res.getHeader('etag')).toBe('"d41d8cd98f00b204e9800998ecf8427e"');
    expect(res.getHeader('last-modified')).toBe('Wed, 01 May 2024 12:00:00 GMT');
    expect(res.getHeader('content-type')).toBe('text/plain');
    expect(res.getHeader('cache-control')).toBe('no-cache');
    expect(res.getHeader('x-amz-meta-color')).toBe('blue');
    expect(res.getHeader('x-amz-tagging-count')).toBe('2');
    expect(res.getHeader('x-amz-checksum-crc32')).toBe('AAAAAA==');
    expect(res.getHeader('x-amz-checksum-type')).toBe('FULL_OBJECT');
    // STANDARD and the null version are not shown.
    expect(res.getHeader('x-amz-storage-class')).toBeUndefined();
    expect(res.getHeader('x-amz-version-id')).toBeUndefined();
    expect(res.getHeader('x-amz-mp-parts-count')).toBeUndefined();
  });

  it('shows versions, non-standard classes and parts counts of multipart objects', () => {
    const res = response();
    writeObjectHeaders(
      res,
      info({
        versionId: 'v1',
        storageClass: 'REDUCED_REDUNDANCY',
        etag: 'abc-3',
        checksums: { CRC32: 'AAAAAA==-3' },
      }),
      { versionHeader: false, checksums: true },
    );
    expect(res.getHeader('x-amz-version-id')).toBe('v1');
    expect(res.getHeader('x-amz-storage-class')).toBe('REDUCED_REDUNDANCY');
    expect(res.getHeader('x-amz-mp-parts-count')).toBe('3');
    expect(res.getHeader('x-amz-checksum-type')).toBe('COMPOSITE');
  });

  it('applies response-* overrides', () => {
    const res = response();
    writeObjectHeaders(res, info(), { versionHeader: true });
    const overrides = responseOverrides(
      new URLSearchParams(
        'response-content-type=image/png&response-content-disposition=attachment;%20filename%3D%22%C3%A9.png%22&x=1',
      ),
    );
    applyResponseOverrides(res, overrides);
    expect(res.getHeader('content-type')).toBe('image/png');
    // Non-Latin-1 text goes out as its UTF-8 bytes.
    expect(Buffer.from(String(res.getHeader('content-disposition')), 'latin1').toString('utf8')).toBe(
      'attachment; filename="é.png"',
    );
    expect(res.getHeader('x-amz-version-id')).toBe('null');
  });

  it('headerSafe keeps Latin-1, encodes wider text as UTF-8 bytes, blanks control characters', () => {
    expect(headerSafe('café')).toBe('café');
    expect(headerSafe('a\r\nb')).toBe('a  b');
    expect(Buffer.from(headerSafe('日本'), 'latin1').toString('utf8')).toBe('日本');
    expect(headerSafe('text/plain; charset=utf-8\tx')).toBe('text/plain; charset=utf-8\tx');
    expect(headerSafe('a\x7fb')).toBe('a b');
  });

  it('httpDate gives the IMF-fixdate of the whole second, from its cache too', () => {
    const a = new Date(Date.UTC(1994, 10, 15, 8, 12, 31, 5));
    expect(httpDate(a)).toBe('Tue, 15 Nov 1994 08:12:31 GMT');
    expect(httpDate(new Date(a.getTime() + 990))).toBe('Tue, 15 Nov 1994 08:12:31 GMT');
    expect(httpDate(new Date(a.getTime() + 995))).toBe('Tue, 15 Nov 1994 08:12:32 GMT');
    for (let i = 0; i < 1100; i++)
      expect(httpDate(new Date(i * 1000))).toBe(new Date(i * 1000).toUTCString());
    expect(httpDate(new Date(NaN))).toBe('Invalid Date');
  });
});
