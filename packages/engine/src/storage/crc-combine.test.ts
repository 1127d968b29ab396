import { randomBytes } from 'node:crypto';
import { Crc32c } from '@aws-crypto/crc32c';
import { Crc64Nvme } from '@aws-sdk/crc64-nvme';
import { describe, expect, it } from 'vitest';
import { combineCrcs } from './crc-combine.js';
import { checksumOf } from './digester.js';
import { multipartChecksum, supportsChecksumType } from './multipart-checksums.js';
import type { ChecksumAlgorithm } from './types.js';

const CRCS: ChecksumAlgorithm[] = ['CRC32', 'CRC32C', 'CRC64NVME'];

describe('the WebAssembly CRC kernels', () => {
  it("equal the AWS SDK's own CRC-32C and CRC-64/NVME over random data fed in pieces", async () => {
    const data = randomBytes(200_003);
    const c32 = new Crc32c().update(data.subarray(0, 77)).update(data.subarray(77));
    const c64 = new Crc64Nvme();
    c64.update(data);
    const hex32 = (c32.digest() >>> 0).toString(16).padStart(8, '0');
    expect(Buffer.from(await checksumOf('CRC32C', data), 'base64').toString('hex')).toBe(hex32);
    expect(await checksumOf('CRC64NVME', data)).toBe(Buffer.from(await c64.digest()).toString('base64'));
  });
});

describe('CRC combination (FULL_OBJECT checksums of multipart objects)', () => {
  it.each(CRCS)('%s of pieces equals the CRC of the whole, for odd sizes and empty pieces', async (a) => {
    const pieces = [randomBytes(1), randomBytes(0), randomBytes(4099), randomBytes(65_537), randomBytes(3)];
    const whole = await checksumOf(a, Buffer.concat(pieces));
    const parts = await Promise.all(
      pieces.map(async (p) => ({ crc: Buffer.from(await checksumOf(a, p), 'base64'), length: p.length })),
    );
    expect(combineCrcs(a, parts).toString('base64')).toBe(whole);
    const viaParts = await multipartChecksum(
      a,
      'FULL_OBJECT',
      parts.map((p) => ({ checksum: p.crc.toString('base64'), size: p.length })),
    );
    expect(viaParts).toBe(whole);
  });

  it.each([
    ['CRC32', 'cbf43926'],
    ['CRC32C', 'e3069283'],
    ['CRC64NVME', 'ae8b14860a799888'],
  ] as const)(
    '%s: "1234" + "56789" combine to the catalogue check value of "123456789"',
    async (a, check) => {
      const piece = async (text: string) => ({
        crc: Buffer.from(await checksumOf(a, Buffer.from(text)), 'base64'),
        length: text.length,
      });
      expect(combineCrcs(a, [await piece('1234'), await piece('56789')]).toString('hex')).toBe(check);
    },
  );

  it('knows which algorithm takes which type', () => {
    expect(supportsChecksumType('SHA256', 'FULL_OBJECT')).toBe(false);
    expect(supportsChecksumType('CRC64NVME', 'COMPOSITE')).toBe(false);
    expect(supportsChecksumType('CRC32C', 'FULL_OBJECT')).toBe(true);
    expect(supportsChecksumType('SHA1', 'COMPOSITE')).toBe(true);
  });
});
