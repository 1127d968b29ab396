/**
 * CRC-32C and CRC-64/NVME for S3's flexible checksums, in WebAssembly (hash-wasm, already the
 * engine's XXH64 fallback), ≈ 20× and 4× faster than the AWS SDK's pure-JS implementations
 * (decision record 0020-checksums). Both are reflected CRCs with all-ones init and xorout:
 * CRC-32C (Castagnoli) reflected polynomial 0x82f63b78, CRC-64/NVME reflected 0x9a6c9329ac4bc9b5.
 *
 * hash-wasm creates hashers asynchronously, while the digest paths want a synchronous `update`;
 * so one hasher per algorithm is made at load and shared: each running checksum keeps its own
 * state and loads it around its update (`save`/`load` copy a few bytes).
 */
import { createCRC32, createCRC64, type IHasher } from 'hash-wasm';

export const CRC32C_POLY_REFLECTED = 0x82f63b78;
export const CRC64NVME_POLY_REFLECTED = 0x9a6c9329ac4bc9b5n;

const crc32cShared: IHasher = await createCRC32(CRC32C_POLY_REFLECTED);
const crc64Shared: IHasher = await createCRC64(CRC64NVME_POLY_REFLECTED.toString(16));

/** An incremental CRC over the shared hasher; `digest` gives the big-endian CRC bytes. */
export interface CrcRun {
  update(data: Uint8Array): void;
  digest(): Buffer;
}

function sharedRun(hasher: IHasher): CrcRun {
  hasher.init();
  let state = hasher.save();
  return {
    update(data) {
      if (data.length === 0) return;
      hasher.load(state);
      hasher.update(data);
      state = hasher.save();
    },
    digest() {
      hasher.load(state);
      return Buffer.from(hasher.digest('binary'));
    },
  };
}

export const crc32cRun = (): CrcRun => sharedRun(crc32cShared);
export const crc64nvmeRun = (): CrcRun => sharedRun(crc64Shared);
