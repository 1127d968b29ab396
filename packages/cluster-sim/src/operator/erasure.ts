/**
 * MinIO's erasure-set maths for a pool of N servers × D drives (reference §4.1): the set size is
 * the largest of 4..16 that divides N·D and is symmetric with the server count; parities run from
 * EC:set/2 down to EC:2; the default parity without a storage class is MinIO's
 * DefaultParityBlocks; write quorum is the data count, plus one when data equals parity.
 */
const SET_SIZES = [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];

export class ErasureError extends Error {}

export function erasureSetSize(servers: number, drivesPerServer: number): number {
  const total = servers * drivesPerServer;
  if (total < 4) {
    throw new ErasureError(
      `incorrect number of endpoints provided ${total}: at least 4 drives are required for erasure coding`,
    );
  }
  const divisors = SET_SIZES.filter((s) => total % s === 0);
  if (divisors.length === 0) {
    throw new ErasureError(
      `${total} drives are not divisible by any supported erasure set sizes ${SET_SIZES.join(',')}`,
    );
  }
  const symmetric = divisors.filter((s) => (servers > s ? servers % s === 0 : s % servers === 0));
  if (symmetric.length === 0) {
    throw new ErasureError(
      `no symmetric distribution detected for ${servers} servers with ${drivesPerServer} drives each`,
    );
  }
  return Math.max(...symmetric);
}

/** `["EC:k", …, "EC:2"]` for a pool. */
export function parityOptions(servers: number, drivesPerServer: number): string[] {
  const set = erasureSetSize(servers, drivesPerServer);
  const out: string[] = [];
  for (let p = Math.floor(set / 2); p >= 2; p--) out.push(`EC:${p}`);
  return out;
}

/** MinIO's parity for a set when MINIO_STORAGE_CLASS_STANDARD is unset. */
export function defaultParity(setSize: number): number {
  if (setSize === 1) return 0;
  if (setSize <= 3) return 1;
  if (setSize <= 5) return 2;
  if (setSize <= 7) return 3;
  return 4;
}

export function writeQuorum(setSize: number, parity: number): number {
  const data = setSize - parity;
  return data === parity ? data + 1 : data;
}
