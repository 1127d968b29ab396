import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { InvalidArgument, InvalidRequest } from '../common/errors.js';
import { BadDigest, ChecksumMismatch, IncompleteBody } from '../object-layer/errors.js';
import { InvalidDigest } from './errors.js';
import { multipartChecksum } from '../storage/multipart-checksums.js';
import { checksumOf, digestBuffer, readRequestChecksums, verifyBuffer, verifyDigests } from './checksums.js';

const CHECK = Buffer.from('123456789');
const b64 = (hex: string): string => Buffer.from(hex, 'hex').toString('base64');
const md5b64 = (data: Buffer | string): string => createHash('md5').update(data).digest('base64');
const noTrailers = (): Record<string, string> => ({});

describe('checksum algorithms (catalogue check values of "123456789")', () => {
  it('CRC32, CRC32C, CRC64NVME, SHA1, SHA256', async () => {
    expect(await checksumOf('CRC32', CHECK)).toBe(b64('cbf43926'));
    expect(await checksumOf('CRC32C', CHECK)).toBe(b64('e3069283'));
    expect(await checksumOf('CRC64NVME', CHECK)).toBe(b64('ae8b14860a799888'));
    expect(await checksumOf('SHA1', CHECK)).toBe(createHash('sha1').update(CHECK).digest('base64'));
    expect(await checksumOf('SHA256', CHECK)).toBe(createHash('sha256').update(CHECK).digest('base64'));
  });

  it('composite checksum: the algorithm over the binary part checksums, suffixed -N', async () => {
    const p1 = await checksumOf('CRC32', Buffer.from('part one'));
    const p2 = await checksumOf('CRC32', Buffer.from('part two'));
    const expected = await checksumOf(
      'CRC32',
      Buffer.concat([Buffer.from(p1, 'base64'), Buffer.from(p2, 'base64')]),
    );
    const parts = [
      { checksum: p1, size: 8 },
      { checksum: p2, size: 8 },
    ];
    expect(await multipartChecksum('CRC32', 'COMPOSITE', parts)).toBe(`${expected}-2`);
  });
});

describe('readRequestChecksums', () => {
  it('decodes Content-MD5 and rejects malformed values with InvalidDigest', () => {
    expect(readRequestChecksums({ 'content-md5': md5b64('x') }).contentMd5?.length).toBe(16);
    expect(() => readRequestChecksums({ 'content-md5': 'not-base64!' })).toThrow(InvalidDigest);
    // Valid base64 of the wrong length (hex MD5 is a common client bug).
    expect(() =>
      readRequestChecksums({ 'content-md5': createHash('md5').update('x').digest('hex') }),
    ).toThrow(InvalidDigest);
  });

  it('validates x-amz-checksum-* headers and collects the algorithms to compute', () => {
    const r = readRequestChecksums({ 'x-amz-checksum-crc32': b64('cbf43926') });
    expect(r.expected).toEqual({ CRC32: b64('cbf43926') });
    expect(r.algorithms).toEqual(['CRC32']);
    expect(() => readRequestChecksums({ 'x-amz-checksum-sha256': b64('cbf43926') })).toThrow(InvalidRequest);
    expect(() =>
      readRequestChecksums({
        'x-amz-checksum-crc32': b64('cbf43926'),
        'x-amz-checksum-crc32c': b64('e3069283'),
      }),
    ).toThrow(InvalidRequest);
  });

  it('reads the trailer announcement and the SDK algorithm', () => {
    const r = readRequestChecksums({
      'x-amz-trailer': 'x-amz-checksum-crc64nvme',
      'x-amz-sdk-checksum-algorithm': 'CRC64NVME',
    });
    expect(r.trailer).toBe('CRC64NVME');
    expect(r.algorithms).toEqual(['CRC64NVME']);
    expect(readRequestChecksums({ 'x-amz-sdk-checksum-algorithm': 'crc32c' }).algorithms).toEqual(['CRC32C']);
    expect(() => readRequestChecksums({ 'x-amz-sdk-checksum-algorithm': 'MD4' })).toThrow(InvalidArgument);
    expect(() => readRequestChecksums({ 'x-amz-trailer': 'x-amz-checksum-md4' })).toThrow(InvalidRequest);
  });
});

describe('verifyDigests / verifyBuffer', () => {
  it('accepts matching Content-MD5 and checksum header, echoing the checksum', async () => {
    const declared = readRequestChecksums({
      'content-md5': md5b64(CHECK),
      'x-amz-checksum-crc32': b64('cbf43926'),
    });
    const digests = await digestBuffer(CHECK, declared.algorithms);
    expect(verifyDigests(declared, digests, noTrailers, CHECK.length)).toEqual({ CRC32: b64('cbf43926') });
  });

  it('BadDigest for a Content-MD5 mismatch, ChecksumMismatch for a checksum mismatch', async () => {
    await expect(
      verifyBuffer(readRequestChecksums({ 'content-md5': md5b64('other') }), CHECK, noTrailers),
    ).rejects.toThrow(BadDigest);
    await expect(
      verifyBuffer(readRequestChecksums({ 'x-amz-checksum-crc32c': b64('00000000') }), CHECK, noTrailers),
    ).rejects.toThrow(ChecksumMismatch);
  });

  it('checks a trailing checksum (case-insensitive trailer name) and requires it once announced', async () => {
    const declared = readRequestChecksums({ 'x-amz-trailer': 'x-amz-checksum-crc32' });
    await expect(
      verifyBuffer(declared, CHECK, () => ({ 'X-Amz-Checksum-Crc32': b64('cbf43926') })),
    ).resolves.toBeUndefined();
    await expect(
      verifyBuffer(declared, CHECK, () => ({ 'x-amz-checksum-crc32': b64('00000001') })),
    ).rejects.toThrow(ChecksumMismatch);
    await expect(verifyBuffer(declared, CHECK, noTrailers)).rejects.toThrow(InvalidRequest);
  });

  it('IncompleteBody when the size differs from the declared length', async () => {
    const declared = readRequestChecksums({});
    const digests = await digestBuffer(CHECK, []);
    expect(() => verifyDigests(declared, digests, noTrailers, CHECK.length + 1)).toThrow(IncompleteBody);
    expect(() => verifyDigests(declared, digests, noTrailers, -1)).not.toThrow();
  });
});
