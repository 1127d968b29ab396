import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../http/context.js';
import { InvalidArgument } from '../common/errors.js';
import type { ObjectInfo } from '../object-layer/types.js';
import { getObjectAttributes, parseAttributes } from './get-object-attributes.js';

const multipart: ObjectInfo = {
  bucket: 'b',
  key: 'k',
  versionId: 'v-1',
  isLatest: true,
  deleteMarker: false,
  size: 15,
  etag: 'abc-3',
  lastModified: new Date('2024-05-01T12:00:00Z'),
  contentType: 'text/plain',
  headers: {},
  userMetadata: {},
  storageClass: 'STANDARD',
  checksums: { SHA256: 'c2hh-3' },
  parts: [
    { number: 1, size: 5, etag: 'a', checksums: { SHA256: 'cDE=' } },
    { number: 2, size: 5, etag: 'b', checksums: { SHA256: 'cDI=' } },
    { number: 3, size: 5, etag: 'c', checksums: { SHA256: 'cDM=' } },
  ],
  internal: {},
};

/** A context whose response is captured: enough for a handler that answers with sendXml. */
function context(
  headers: Record<string, string>,
  query = '',
): { ctx: RequestContext; out: { status: number; headers: Record<string, unknown>; body: string } } {
  const out = { status: 0, headers: {} as Record<string, unknown>, body: '' };
  const res = {
    set statusCode(v: number) {
      out.status = v;
    },
    get statusCode() {
      return out.status;
    },
    setHeader: (name: string, value: unknown) => {
      out.headers[name.toLowerCase()] = value;
    },
    end: (body?: Buffer) => {
      out.body = body?.toString('utf8') ?? '';
    },
  };
  const ctx = {
    req: { headers },
    res,
    method: 'GET',
    query: new URLSearchParams(query),
    target: { bucket: 'b', key: 'k' },
    engine: { objectLayer: { getObjectInfo: async () => multipart } },
  } as unknown as RequestContext;
  return { ctx, out };
}

describe('parseAttributes', () => {
  it('reads the names case-insensitively and refuses unknown or empty lists', () => {
    expect([...parseAttributes('etag, ObjectSize,checksum')]).toEqual(['ETag', 'ObjectSize', 'Checksum']);
    expect(() => parseAttributes('ETag,Colour')).toThrow(InvalidArgument);
    expect(() => parseAttributes('')).toThrow(InvalidArgument);
    expect(() => parseAttributes(undefined)).toThrow(InvalidArgument);
  });
});

describe('getObjectAttributes', () => {
  it('answers the requested attributes with a page of parts', async () => {
    const { ctx, out } = context(
      {
        'x-amz-object-attributes': 'ETag,Checksum,ObjectParts,StorageClass,ObjectSize',
        'x-amz-max-parts': '2',
      },
      'attributes',
    );
    await getObjectAttributes(ctx);
    expect(out.status).toBe(200);
    expect(out.headers['x-amz-version-id']).toBe('v-1');
    expect(out.headers['last-modified']).toBe('Wed, 01 May 2024 12:00:00 GMT');
    expect(out.body).toContain(
      '<GetObjectAttributesResponse xmlns="http://s3.amazonaws.com/doc/2006-03-01/">',
    );
    expect(out.body).toContain('<ETag>abc-3</ETag>');
    expect(out.body).toContain(
      '<Checksum><ChecksumSHA256>c2hh-3</ChecksumSHA256><ChecksumType>COMPOSITE</ChecksumType></Checksum>',
    );
    expect(out.body).toContain(
      '<ObjectParts><PartsCount>3</PartsCount><PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>2</NextPartNumberMarker><MaxParts>2</MaxParts><IsTruncated>true</IsTruncated>',
    );
    expect(out.body).toContain(
      '<Part><PartNumber>2</PartNumber><Size>5</Size><ChecksumSHA256>cDI=</ChecksumSHA256></Part>',
    );
    expect(out.body).not.toContain('<PartNumber>3</PartNumber>');
    expect(out.body).toContain('<StorageClass>STANDARD</StorageClass><ObjectSize>15</ObjectSize>');
  });

  it('pages on with x-amz-part-number-marker and leaves out what was not asked for', async () => {
    const { ctx, out } = context({
      'x-amz-object-attributes': 'ObjectParts',
      'x-amz-part-number-marker': '2',
    });
    await getObjectAttributes(ctx);
    expect(out.body).toContain('<IsTruncated>false</IsTruncated>');
    expect(out.body).toContain('<PartNumber>3</PartNumber>');
    expect(out.body).not.toContain('<ETag>');
    expect(out.body).not.toContain('<ObjectSize>');
  });
});
