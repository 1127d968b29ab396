/**
 * The CRC of a concatenation from the CRCs of its pieces and their lengths — what S3's
 * FULL_OBJECT checksum of a multipart upload is: the CRC of the whole object, built at completion
 * from the parts' CRCs without reading the data again.
 *
 * For a reflected CRC with all-ones init and xorout (CRC-32, CRC-32C, CRC-64/NVME):
 *   crc(A‖B) = crc(A) · x^(8·|B|) mod P  ⊕  crc(B)
 * Polynomials are kept in the reflected bit order the CRCs use (bit W-1 is x^0), multiplied
 * modulo P bit by bit; x^(8·n) is composed from the table of x^(2^k). BigInt keeps one code path
 * for both widths; it runs once per part at completion, not per byte.
 */
import type { ChecksumAlgorithm } from './types.js';

interface CrcSpec {
  width: bigint;
  poly: bigint;
}

const SPECS: Partial<Record<ChecksumAlgorithm, CrcSpec>> = {
  CRC32: { width: 32n, poly: 0xedb88320n },
  CRC32C: { width: 32n, poly: 0x82f63b78n },
  CRC64NVME: { width: 64n, poly: 0x9a6c9329ac4bc9b5n },
};

/** May `algorithm` be combined (a CRC), i.e. have a FULL_OBJECT multipart checksum? */
export function isCombinable(algorithm: ChecksumAlgorithm): boolean {
  return SPECS[algorithm] !== undefined;
}

/** a · b mod P, both in reflected order. */
function multModP(spec: CrcSpec, a: bigint, b: bigint): bigint {
  if (a === 0n) return 0n;
  let m = 1n << (spec.width - 1n);
  let p = 0n;
  for (;;) {
    if ((a & m) !== 0n) {
      p ^= b;
      if ((a & (m - 1n)) === 0n) break;
    }
    m >>= 1n;
    b = (b & 1n) !== 0n ? (b >> 1n) ^ spec.poly : b >> 1n;
  }
  return p;
}

const tables = new Map<CrcSpec, bigint[]>();

/** x^(2^k) mod P for k = 0 … 127 (lengths up to 2^120 bytes, far beyond any object). */
function powerTable(spec: CrcSpec): bigint[] {
  let table = tables.get(spec);
  if (table !== undefined) return table;
  table = [1n << (spec.width - 2n)]; // x^1
  for (let k = 1; k < 128; k++) {
    const prev = table[k - 1] ?? 0n;
    table.push(multModP(spec, prev, prev));
  }
  tables.set(spec, table);
  return table;
}

/** x^(8·bytes) mod P. */
function shiftFor(spec: CrcSpec, bytes: bigint): bigint {
  const table = powerTable(spec);
  let p = 1n << (spec.width - 1n); // x^0
  let n = bytes;
  let k = 3; // 8 = 2^3
  while (n > 0n) {
    if ((n & 1n) !== 0n) p = multModP(spec, table[k] ?? 0n, p);
    n >>= 1n;
    k++;
  }
  return p;
}

function toBig(digest: Uint8Array): bigint {
  return BigInt(`0x${Buffer.from(digest).toString('hex') || '0'}`);
}

function toBytes(value: bigint, width: bigint): Buffer {
  return Buffer.from(value.toString(16).padStart(Number(width / 4n), '0'), 'hex');
}

/**
 * The CRC of the concatenation of pieces, each given as its big-endian CRC digest and its length
 * in bytes; the result is a big-endian digest. Throws for a non-CRC algorithm.
 */
export function combineCrcs(
  algorithm: ChecksumAlgorithm,
  pieces: readonly { crc: Uint8Array; length: number }[],
): Buffer {
  const spec = SPECS[algorithm];
  if (spec === undefined) throw new Error(`${algorithm} cannot be combined`);
  let crc = 0n; // the CRC of the empty string is 0 for all-ones init and xorout
  for (const piece of pieces) {
    crc = multModP(spec, shiftFor(spec, BigInt(piece.length)), crc) ^ toBig(piece.crc);
  }
  return toBytes(crc, spec.width);
}
