/**
 * MinIO's erasure-set maths, shared by the console's operator mode (the parity options of
 * /get-parity, tenant health) and the cluster simulator's operator. Erasure-code parity choices for N servers × D drives each, as MinIO itself picks its erasure
 * sets (reference operator-mode.md §4.1; MinIO's endpoint-ellipses rules, which the 2021
 * console's /get-parity used): set sizes 4..16 that divide the drive count, kept only when
 * symmetric with the server count, the largest one wins, and parities run from EC:set/2 down to
 * EC:2. Also MinIO's default parity and write quorum for a set (§4.1 "Server-side rules"),
 * which the simulated health and the tenant summary use.
 */

const SET_SIZES = [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16] as const;

export class ErasureSetError extends Error {
  override readonly name = 'ErasureSetError';
}

/** The erasure set size MinIO would use for `servers` × `drivesPerServer` drives. */
export function erasureSetSize(servers: number, drivesPerServer: number): number {
  const total = servers * drivesPerServer;
  if (total < 4) {
    throw new ErasureSetError(`incorrect number of endpoints provided ${total}, need at least 4`);
  }
  const divisors = SET_SIZES.filter((s) => total % s === 0);
  if (divisors.length === 0) {
    throw new ErasureSetError(
      `input number of drives ${total} is not divisible by any supported erasure set sizes ${SET_SIZES.join(' ')}`,
    );
  }
  // Symmetry is checked against the server count only (the last ellipsis pattern decides).
  const symmetric = divisors.filter((s) => (servers > s ? servers % s === 0 : s % servers === 0));
  const largest = symmetric.at(-1);
  if (largest === undefined) {
    throw new ErasureSetError(
      `no symmetric distribution detected with input drives ${total} across ${servers} servers`,
    );
  }
  return largest;
}

/** The parities offered, highest first: `['EC:4','EC:3','EC:2']` for 4 × 10. */
export function parityOptions(servers: number, drivesPerServer: number): string[] {
  const set = erasureSetSize(servers, drivesPerServer);
  const out: string[] = [];
  for (let p = Math.floor(set / 2); p >= 2; p--) out.push(`EC:${p}`);
  return out;
}

/** MinIO's default parity for a set when MINIO_STORAGE_CLASS_STANDARD is unset. */
export function defaultParity(setSize: number): number {
  if (setSize <= 1) return 0;
  if (setSize <= 3) return 1;
  if (setSize <= 5) return 2;
  if (setSize <= 7) return 3;
  return 4;
}

/** Write quorum of a set: its data drives, plus one when data equals parity. */
export function writeQuorum(setSize: number, parity: number): number {
  const data = setSize - parity;
  return data === parity ? data + 1 : data;
}
