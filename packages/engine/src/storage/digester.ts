/**
 * The digests computed over a body while it streams into the erasure encoder: MD5 (the ETag),
 * optionally SHA-256 (x-amz-content-sha256) and the requested flexible checksums, whose values are
 * base64 of the big-endian digest as S3 shows them. CRC32 uses Node's zlib.crc32 (Node ≥ 20.15),
 * CRC32C and CRC64NVME WebAssembly kernels (`crc-kernels.ts`), SHA1/SHA256 node:crypto.
 */
import { createHash, type Hash } from 'node:crypto';
import zlib from 'node:zlib';
import { crc32cRun, crc64nvmeRun } from './crc-kernels.js';
import type { ChecksumAlgorithm, Checksums, ComputedDigests } from './types.js';

interface Accumulator {
  update(data: Uint8Array): void;
  digest(): Promise<Buffer>;
}

function hashAccumulator(name: string): Accumulator {
  const hash: Hash = createHash(name);
  return {
    update: (data) => hash.update(data),
    digest: () => Promise.resolve(hash.digest()),
  };
}

function crc32Accumulator(): Accumulator {
  let crc = 0;
  return {
    update: (data) => {
      crc = zlib.crc32(data, crc);
    },
    digest: () => {
      const out = Buffer.allocUnsafe(4);
      out.writeUInt32BE(crc >>> 0, 0);
      return Promise.resolve(out);
    },
  };
}

function wasmAccumulator(run: ReturnType<typeof crc32cRun>): Accumulator {
  return { update: (data) => run.update(data), digest: () => Promise.resolve(run.digest()) };
}

export function checksumAccumulator(algorithm: ChecksumAlgorithm): Accumulator {
  switch (algorithm) {
    case 'CRC32':
      return crc32Accumulator();
    case 'CRC32C':
      return wasmAccumulator(crc32cRun());
    case 'CRC64NVME':
      return wasmAccumulator(crc64nvmeRun());
    case 'SHA1':
      return hashAccumulator('sha1');
    case 'SHA256':
      return hashAccumulator('sha256');
  }
}

/** One-shot checksum of a buffer, base64 as S3 shows it. */
export async function checksumOf(algorithm: ChecksumAlgorithm, data: Uint8Array): Promise<string> {
  const acc = checksumAccumulator(algorithm);
  acc.update(data);
  return (await acc.digest()).toString('base64');
}

export class BodyDigester {
  private readonly md5 = createHash('md5');
  private readonly sha256?: Hash;
  private readonly checksums = new Map<ChecksumAlgorithm, Accumulator>();
  private size = 0;

  constructor(options: { computeSha256?: boolean; checksumAlgorithms?: ChecksumAlgorithm[] }) {
    if (options.computeSha256 === true) this.sha256 = createHash('sha256');
    for (const a of options.checksumAlgorithms ?? []) {
      if (!this.checksums.has(a)) this.checksums.set(a, checksumAccumulator(a));
    }
  }

  update(data: Uint8Array): void {
    this.size += data.length;
    this.md5.update(data);
    this.sha256?.update(data);
    for (const acc of this.checksums.values()) acc.update(data);
  }

  async finish(): Promise<ComputedDigests> {
    const checksums: Checksums = {};
    for (const [a, acc] of this.checksums) checksums[a] = (await acc.digest()).toString('base64');
    const result: ComputedDigests = { md5: this.md5.digest(), size: this.size, checksums };
    if (this.sha256) result.sha256 = this.sha256.digest();
    return result;
  }
}
