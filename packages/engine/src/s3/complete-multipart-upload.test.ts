import { describe, expect, it } from 'vitest';
import { MalformedXML } from '../common/errors.js';
import { InvalidPartOrder } from '../object-layer/errors.js';
import { parseCompleteParts } from './complete-multipart-upload.js';

const doc = (parts: string): string =>
  `<CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${parts}</CompleteMultipartUpload>`;

describe('parseCompleteParts', () => {
  it('reads part numbers, ETags with or without quotes, and checksums', () => {
    const parts = parseCompleteParts(
      doc(
        '<Part><PartNumber>1</PartNumber><ETag>"aaa"</ETag><ChecksumCRC32>AAAAAA==</ChecksumCRC32></Part>' +
          '<Part><ETag>&quot;bbb&quot;</ETag><PartNumber>2</PartNumber></Part>' +
          '<Part><PartNumber>5</PartNumber><ETag>ccc</ETag></Part>',
      ),
    );
    expect(parts).toEqual([
      { partNumber: 1, etag: 'aaa', checksums: { CRC32: 'AAAAAA==' } },
      { partNumber: 2, etag: 'bbb' },
      { partNumber: 5, etag: 'ccc' },
    ]);
  });

  it('InvalidPartOrder for descending or repeated part numbers', () => {
    expect(() =>
      parseCompleteParts(
        doc(
          '<Part><PartNumber>2</PartNumber><ETag>a</ETag></Part><Part><PartNumber>1</PartNumber><ETag>b</ETag></Part>',
        ),
      ),
    ).toThrow(InvalidPartOrder);
    expect(() =>
      parseCompleteParts(
        doc(
          '<Part><PartNumber>1</PartNumber><ETag>a</ETag></Part><Part><PartNumber>1</PartNumber><ETag>a</ETag></Part>',
        ),
      ),
    ).toThrow(InvalidPartOrder);
  });

  it('MalformedXML for no parts, a missing ETag, a bad number or another root', () => {
    expect(() => parseCompleteParts(doc(''))).toThrow(MalformedXML);
    expect(() => parseCompleteParts(doc('<Part><PartNumber>1</PartNumber></Part>'))).toThrow(MalformedXML);
    expect(() => parseCompleteParts(doc('<Part><PartNumber>x</PartNumber><ETag>a</ETag></Part>'))).toThrow(
      MalformedXML,
    );
    expect(() => parseCompleteParts('<Other/>')).toThrow(MalformedXML);
  });
});
