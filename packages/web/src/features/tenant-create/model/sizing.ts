/**
 * The tenant sizing maths of the wizard's Tenant Size step (spec 3 §3 "Tenant size derived", §5
 * "Tenant size", §9; reference operator-mode §4.2–4.4): how a total size spreads over servers and
 * drives, what each offered parity costs, which parity is the default, and the memory request and
 * limit of each node. The parity choices themselves come from the server (`GET /get-parity`).
 * Pure: every function answers a result with an `error` message key instead of throwing, so the
 * step shows it and stays invalid.
 */

export const KIB = 1024;
export const GIB = 1024 ** 3;
export const TIB = 1024 ** 4;
export const PIB = 1024 ** 5;

/** §9: minimum pool and drive size, 1Gi. */
export const MIN_POOL_BYTES = GIB;
/** §9: minimum servers and drives per server. */
export const MIN_SERVERS = 4;
export const MIN_DRIVES_PER_SERVER = 1;
/** §9: memory per node minimum, 2Gi. */
export const MIN_MEMORY_BYTES = 2 * GIB;
/** §9: a drive is capped to 12Ti when computing the distribution. */
export const DRIVE_CAP_BYTES = 12 * TIB;

/** Messages of the sizing maths, as `tenantCreate:validation.*` keys. */
export type SizingError =
  | 'poolTooSmall'
  | 'drivesAtLeastOne'
  | 'diskTooSmall'
  | 'cannotAllocate'
  | 'invalidData'
  | 'serversAtLeastFour';

export interface Distribution {
  nodes: number;
  /** Drives per server. */
  disks: number;
  persistentVolumes: number;
  /** Bytes per drive (persistent volume). */
  pvSize: number;
  error: SizingError | null;
}

const NO_DISTRIBUTION = { nodes: 0, disks: 0, persistentVolumes: 0, pvSize: 0 };

/**
 * How `capacityBytes` spreads over `nodes` servers with `drivesPerServer` drives each: one volume
 * per drive of `floor(capacity / (nodes × drives))` bytes (reference §4.2). Refused: anything not a
 * number, a pool under 1Gi, drives 0 or less, fewer than 4 servers, a drive under 1Gi, and a drive
 * above the 12Ti cap (§9), which no server could be allocated with.
 */
export function calculateDistribution(
  capacityBytes: number,
  nodes: number,
  drivesPerServer: number,
  driveCapBytes: number = DRIVE_CAP_BYTES,
): Distribution {
  const fail = (error: SizingError): Distribution => ({ ...NO_DISTRIBUTION, error });
  if (![capacityBytes, nodes, drivesPerServer, driveCapBytes].every(Number.isFinite))
    return fail('invalidData');
  if (capacityBytes < MIN_POOL_BYTES) return fail('poolTooSmall');
  if (drivesPerServer < MIN_DRIVES_PER_SERVER) return fail('drivesAtLeastOne');
  if (nodes < MIN_SERVERS) return fail('serversAtLeastFour');
  const disks = Math.floor(drivesPerServer);
  const persistentVolumes = Math.floor(nodes) * disks;
  const pvSize = Math.floor(capacityBytes / persistentVolumes);
  if (pvSize < MIN_POOL_BYTES) return fail('diskTooSmall');
  if (pvSize > driveCapBytes) return fail('cannotAllocate');
  return { nodes: Math.floor(nodes), disks, persistentVolumes, pvSize, error: null };
}

export interface StorageFactor {
  erasureCode: string;
  storageFactor: number;
  maxCapacity: number;
  maxFailureTolerations: number;
}

export interface EcParityCalc {
  storageFactors: StorageFactor[];
  rawCapacity: number;
  defaultEC: string;
  maxEC: string;
}

/** The number in 'EC:n' (NaN when it is not of that form). */
export function parityNumber(parity: string): number {
  const match = /^EC:(\d+)$/.exec(parity);
  return match?.[1] === undefined ? Number.NaN : Number(match[1]);
}

/**
 * What each offered parity costs (spec 3 §9; reference §4.3): the erasure set size is twice the
 * first (highest) parity; storage factor = set / (set − parity); usable capacity = raw / factor;
 * drives that may fail = total − floor(total / factor). The default is the first choice, or EC:4
 * with 8 or more volumes, more than 16 nodes and EC:4 offered. (For odd real set sizes this
 * understates capacity, as the 2021 console did; the spec keeps its formula.)
 */
export function erasureCodeCalc(
  parities: readonly string[],
  totalDisks: number,
  pvSize: number,
  nodes: number,
): EcParityCalc {
  const rawCapacity = totalDisks * pvSize;
  const maxEC = parities[0] ?? '';
  const setSize = 2 * parityNumber(maxEC);
  const storageFactors = parities
    .map((erasureCode) => ({ erasureCode, parity: parityNumber(erasureCode) }))
    .filter(({ parity }) => Number.isFinite(parity) && parity < setSize)
    .map(({ erasureCode, parity }) => {
      const storageFactor = setSize / (setSize - parity);
      return {
        erasureCode,
        storageFactor,
        maxCapacity: Math.floor(rawCapacity / storageFactor),
        maxFailureTolerations: totalDisks - Math.floor(totalDisks / storageFactor),
      };
    });
  const defaultEC = totalDisks >= 8 && nodes > 16 && parities.includes('EC:4') ? 'EC:4' : maxEC;
  return { storageFactors, rawCapacity, defaultEC, maxEC };
}

/** Memory messages (§5 "Memory errors"), as `tenantCreate:validation.*` keys. */
export type MemoryError = 'noMemory' | 'notEnoughMemory' | 'memoryBelowMinimum' | 'memoryAboveMax';

export interface MemorySize {
  request: number;
  limit: number;
  error: MemoryError | null;
}

/**
 * The memory limit floor for a tenant of `capacityBytes` (§9): at least 8Gi from 1Ti, 16Gi from
 * 10Ti, 32Gi from 100Ti, 64Gi from 1Pi. (The 2021 console meant this but compared against a
 * threshold of 0 through a unit typo, giving 32Gi to everything under 1Pi; the spec's floors are kept.)
 */
export function memoryLimitFloor(capacityBytes: number): number {
  if (capacityBytes >= PIB) return 64 * GIB;
  if (capacityBytes >= 100 * TIB) return 32 * GIB;
  if (capacityBytes >= 10 * TIB) return 16 * GIB;
  if (capacityBytes >= TIB) return 8 * GIB;
  return 0;
}

/**
 * Each node's memory request and limit from the typed Gi, the tenant's capacity and the cluster's
 * largest allocatable memory for the node count (`max-allocatable-memory`): no memory at all, less
 * than 2Gi available, a request under 2Gi and a request above the maximum are refused in that order.
 */
export function memoryResource(memoryGi: number, capacityBytes: number, maxMemoryBytes: number): MemorySize {
  const request = Math.floor(memoryGi * GIB);
  const fail = (error: MemoryError): MemorySize => ({ request: 0, limit: 0, error });
  if (maxMemoryBytes <= 0) return fail('noMemory');
  if (maxMemoryBytes < MIN_MEMORY_BYTES) return fail('notEnoughMemory');
  if (!Number.isFinite(request) || request < MIN_MEMORY_BYTES) return fail('memoryBelowMinimum');
  if (request > maxMemoryBytes) return fail('memoryAboveMax');
  return { request, limit: Math.max(request, memoryLimitFloor(capacityBytes)), error: null };
}

/**
 * The free size per storage class from a namespace's storage quota (spec 3 §7 resourcequotas):
 * each element's class is the name's prefix before the first '.', its limit `hard − used`.
 */
export function storageClassLimits(
  elements: readonly { name: string; hard: number; used: number }[],
): { storageClass: string; limit: number }[] {
  return elements.map(({ name, hard, used }) => ({
    storageClass: name.split('.')[0] ?? name,
    limit: Math.max(0, hard - used),
  }));
}
