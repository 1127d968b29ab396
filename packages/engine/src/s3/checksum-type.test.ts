import { describe, expect, it } from 'vitest';
import { InvalidRequest } from '../common/errors.js';
import { listingChecksumFields, requestedChecksumType } from './checksum-type.js';

const where = { bucket: 'b', key: 'k' };
const typeOf = (header: string | undefined, algorithm?: 'CRC32' | 'SHA256' | 'CRC64NVME') =>
  requestedChecksumType(header === undefined ? {} : { 'x-amz-checksum-type': header }, algorithm, where);

describe('x-amz-checksum-type of CreateMultipartUpload', () => {
  it('defaults by algorithm: CRC64NVME full-object, the others composite, none without an algorithm', () => {
    expect(typeOf(undefined)).toBeUndefined();
    expect(typeOf(undefined, 'CRC32')).toBe('COMPOSITE');
    expect(typeOf(undefined, 'CRC64NVME')).toBe('FULL_OBJECT');
    expect(typeOf('full_object', 'CRC32')).toBe('FULL_OBJECT');
  });

  it('refuses a type without an algorithm, an unknown type, and combinations S3 refuses', () => {
    expect(() => typeOf('COMPOSITE')).toThrow(InvalidRequest);
    expect(() => typeOf('PARTIAL', 'CRC32')).toThrow(InvalidRequest);
    expect(() => typeOf('FULL_OBJECT', 'SHA256')).toThrow(
      /FULL_OBJECT checksum type cannot be used with the sha256/,
    );
    expect(() => typeOf('COMPOSITE', 'CRC64NVME')).toThrow(InvalidRequest);
  });

  it('names a listing entry’s algorithm and type', () => {
    expect(listingChecksumFields({})).toEqual({});
    expect(listingChecksumFields({ SHA1: 'AAAA-3' })).toEqual({
      ChecksumAlgorithm: 'SHA1',
      ChecksumType: 'COMPOSITE',
    });
    expect(listingChecksumFields({ CRC32: 'AAAAAA==' })).toEqual({
      ChecksumAlgorithm: 'CRC32',
      ChecksumType: 'FULL_OBJECT',
    });
  });
});
