/**
 * The object checksum of a multipart upload from its parts' checksums, in S3's two types:
 * COMPOSITE — the algorithm over the concatenated binary part checksums, shown with `-<parts>`
 * (CRC32, CRC32C, SHA1, SHA256); FULL_OBJECT — the CRC of the whole object, combined from the
 * part CRCs and sizes (CRC32, CRC32C, CRC64NVME; `crc-combine.ts`). Which one an upload gets is
 * decided when it is created (`x-amz-checksum-type`); CRC64NVME is always FULL_OBJECT.
 */
import { combineCrcs, isCombinable } from './crc-combine.js';
import { checksumAccumulator } from './digester.js';
import type { ChecksumAlgorithm, ChecksumType } from './types.js';

export type { ChecksumType };

/** A part as the computation needs it: its base64 checksum (if any) and plaintext size. */
export interface PartChecksum {
  checksum: string | undefined;
  size: number;
}

/** The type an upload gets when the client names none (S3: CRC64NVME full-object, others composite). */
export function defaultChecksumType(algorithm: ChecksumAlgorithm): ChecksumType {
  return algorithm === 'CRC64NVME' ? 'FULL_OBJECT' : 'COMPOSITE';
}

/** Can `algorithm` have a checksum of `type` on a multipart upload? */
export function supportsChecksumType(algorithm: ChecksumAlgorithm, type: ChecksumType): boolean {
  return type === 'FULL_OBJECT' ? isCombinable(algorithm) : algorithm !== 'CRC64NVME';
}

/** A composite value is shown with its part count; a full-object one is a plain digest. */
export function checksumTypeOf(value: string): ChecksumType {
  return /-\d+$/.test(value) ? 'COMPOSITE' : 'FULL_OBJECT';
}

/**
 * The object's checksum, base64 (composite with `-N`), or undefined when a part lacks its
 * checksum (e.g. the parts of an encrypted upload keep none).
 */
export async function multipartChecksum(
  algorithm: ChecksumAlgorithm,
  type: ChecksumType,
  parts: readonly PartChecksum[],
): Promise<string | undefined> {
  if (!supportsChecksumType(algorithm, type)) return undefined;
  const digests: Buffer[] = [];
  for (const p of parts) {
    if (p.checksum === undefined) return undefined;
    digests.push(Buffer.from(p.checksum, 'base64'));
  }
  if (type === 'FULL_OBJECT') {
    return combineCrcs(
      algorithm,
      digests.map((crc, i) => ({ crc, length: parts[i]?.size ?? 0 })),
    ).toString('base64');
  }
  const acc = checksumAccumulator(algorithm);
  for (const d of digests) acc.update(d);
  return `${(await acc.digest()).toString('base64')}-${parts.length}`;
}
