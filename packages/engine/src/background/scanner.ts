/**
 * The data-usage scanner: walks every bucket's versions through the `ObjectLayer` (paged
 * ListObjectVersions, so memory stays bounded) and records MinIO's usage figures — counts, sizes
 * and the object-size and version-count histograms per bucket — in the system area
 * (`DATA_USAGE_PATH`), where `ObjectLayer.dataUsage()` reads them, as MinIO serves usage from its
 * last scanner cycle. Counting follows MinIO: `objectsCount` counts keys whose latest version is not
 * a delete marker, `versionsCount` every version that is not a delete marker, `size` the bytes of
 * all those versions; the size histogram is over latest versions, the version histogram over keys.
 *
 * The layer's listing reads LMDB synchronously inside an async method, so awaiting a page only
 * runs microtasks: a scan of a million keys used to hold the event loop for seconds (health checks
 * and requests waited). The scanner therefore gives the event loop a full turn (`setImmediate`)
 * after every page of `SCAN_PAGE_SIZE` versions, so nothing waits longer than one page's work
 * (a few milliseconds), and holds no more than one page in memory.
 *
 * After measuring a bucket, an optional hook may change it (the FIFO quota trims it,
 * `fifo-quota.ts`); a bucket the hook changed is measured again before the figures are stored.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DATA_USAGE_PATH } from '../object-layer/erasure-object-layer.js';
import type { BucketUsage, DataUsage, ObjectLayer, TierUsage } from '../object-layer/types.js';
import { transitionTier } from '../tier/index.js';

const KiB = 1024;
const MiB = 1024 * 1024;

/** MinIO's object-size ranges (inclusive bounds). BETWEEN_1024B_AND_1_MB overlaps the four finer ones, as in MinIO. */
const SIZE_RANGES: [string, number, number][] = [
  ['LESS_THAN_1024_B', 0, KiB - 1],
  ['BETWEEN_1024_B_AND_64_KB', KiB, 64 * KiB - 1],
  ['BETWEEN_64_KB_AND_256_KB', 64 * KiB, 256 * KiB - 1],
  ['BETWEEN_256_KB_AND_512_KB', 256 * KiB, 512 * KiB - 1],
  ['BETWEEN_512_KB_AND_1_MB', 512 * KiB, MiB - 1],
  ['BETWEEN_1024B_AND_1_MB', KiB, MiB - 1],
  ['BETWEEN_1_MB_AND_10_MB', MiB, 10 * MiB - 1],
  ['BETWEEN_10_MB_AND_64_MB', 10 * MiB, 64 * MiB - 1],
  ['BETWEEN_64_MB_AND_128_MB', 64 * MiB, 128 * MiB - 1],
  ['BETWEEN_128_MB_AND_512_MB', 128 * MiB, 512 * MiB - 1],
  ['GREATER_THAN_512_MB', 512 * MiB, Number.MAX_SAFE_INTEGER],
];

const VERSION_RANGES: [string, number, number][] = [
  ['UNVERSIONED', 0, 0],
  ['SINGLE_VERSION', 1, 1],
  ['BETWEEN_2_AND_10', 2, 9],
  ['BETWEEN_10_AND_100', 10, 99],
  ['BETWEEN_100_AND_1000', 100, 999],
  ['BETWEEN_1000_AND_10000', 1000, 9999],
  ['GREATER_THAN_10000', 10000, Number.MAX_SAFE_INTEGER],
];

function emptyHistogram(ranges: [string, number, number][]): Record<string, number> {
  return Object.fromEntries(ranges.map(([name]) => [name, 0]));
}

function addToHistogram(h: Record<string, number>, ranges: [string, number, number][], value: number): void {
  for (const [name, lo, hi] of ranges) if (value >= lo && value <= hi) h[name] = (h[name] ?? 0) + 1;
}

/** Versions per listing page; the scanner yields to the event loop after each page. */
export const SCAN_PAGE_SIZE = 500;

const neverAborted = new AbortController().signal;

export async function scanBucket(
  layer: Pick<ObjectLayer, 'listObjectVersions'>,
  bucket: string,
  signal?: AbortSignal,
): Promise<BucketUsage> {
  const usage: BucketUsage = {
    size: 0,
    objectsCount: 0,
    versionsCount: 0,
    deleteMarkersCount: 0,
    objectsSizesHistogram: emptyHistogram(SIZE_RANGES),
    objectsVersionsHistogram: emptyHistogram(VERSION_RANGES),
  };
  let currentKey: string | undefined;
  let keyVersions = 0;
  const finishKey = (): void => {
    if (currentKey !== undefined && keyVersions > 0)
      addToHistogram(usage.objectsVersionsHistogram, VERSION_RANGES, keyVersions);
    keyVersions = 0;
  };
  let keyMarker: string | undefined;
  let versionIdMarker: string | undefined;
  for (;;) {
    signal?.throwIfAborted();
    const page = await layer.listObjectVersions(bucket, {
      maxKeys: SCAN_PAGE_SIZE,
      ...(keyMarker !== undefined ? { keyMarker } : {}),
      ...(versionIdMarker !== undefined ? { versionIdMarker } : {}),
    });
    for (const v of page.versions) {
      if (v.key !== currentKey) {
        finishKey();
        currentKey = v.key;
      }
      if (v.deleteMarker) {
        usage.deleteMarkersCount++;
        continue;
      }
      usage.versionsCount++;
      keyVersions++;
      usage.size += v.size;
      const tier = transitionTier(v);
      if (tier !== undefined) {
        const t = ((usage.tierStats ??= {})[tier] ??= { totalSize: 0, numVersions: 0, numObjects: 0 });
        t.totalSize += v.size;
        t.numVersions++;
        if (v.isLatest) t.numObjects++;
      }
      if (v.isLatest) {
        usage.objectsCount++;
        addToHistogram(usage.objectsSizesHistogram, SIZE_RANGES, v.size);
      }
    }
    if (!page.isTruncated) break;
    keyMarker = page.nextKeyMarker;
    versionIdMarker = page.nextVersionIdMarker;
    // Let timers, I/O callbacks and requests run before the next synchronous page.
    await nextTurn();
  }
  finishKey();
  return usage;
}

/**
 * Called after each bucket is measured, before the figures are stored (the FIFO quota trims
 * here, `fifo-quota.ts`); answering true has the bucket measured again, as it changed.
 */
export type AfterBucketScan = (bucket: string, usage: BucketUsage, signal: AbortSignal) => Promise<boolean>;

function addTierUsage(usage: DataUsage, tier: string, t: TierUsage): void {
  const sum = ((usage.tierStats ??= {})[tier] ??= { totalSize: 0, numVersions: 0, numObjects: 0 });
  sum.totalSize += t.totalSize;
  sum.numVersions += t.numVersions;
  sum.numObjects += t.numObjects;
}

/** Several hooks in order, each seeing the bucket as the one before left it. */
export function chainAfterBucket(...hooks: AfterBucketScan[]): AfterBucketScan {
  return async (bucket, usage, signal) => {
    let changed = false;
    for (const hook of hooks) if (await hook(bucket, usage, signal)) changed = true;
    return changed;
  };
}

/** One full scan; stores the result for `dataUsage()` and returns it. */
export async function scanDataUsage(
  layer: ObjectLayer,
  signal?: AbortSignal,
  afterBucket?: AfterBucketScan,
): Promise<DataUsage> {
  const usage: DataUsage = {
    lastUpdate: new Date(0),
    objectsCount: 0,
    versionsCount: 0,
    deleteMarkersCount: 0,
    objectsTotalSize: 0,
    bucketsCount: 0,
    buckets: {},
  };
  for (const b of await layer.listBuckets()) {
    let bucketUsage: BucketUsage;
    try {
      bucketUsage = await scanBucket(layer, b.name, signal);
      if (afterBucket !== undefined && (await afterBucket(b.name, bucketUsage, signal ?? neverAborted))) {
        bucketUsage = await scanBucket(layer, b.name, signal);
      }
    } catch (error) {
      // A bucket deleted during the scan is simply not counted.
      if (error instanceof Error && error.name === 'BucketNotFound') continue;
      throw error;
    }
    usage.buckets[b.name] = bucketUsage;
    usage.bucketsCount++;
    usage.objectsCount += bucketUsage.objectsCount;
    usage.versionsCount += bucketUsage.versionsCount;
    usage.deleteMarkersCount += bucketUsage.deleteMarkersCount;
    usage.objectsTotalSize += bucketUsage.size;
    for (const [tier, t] of Object.entries(bucketUsage.tierStats ?? {})) addTierUsage(usage, tier, t);
  }
  usage.lastUpdate = new Date();
  await layer.writeSystemFile(DATA_USAGE_PATH, Buffer.from(JSON.stringify(usage)));
  return usage;
}

export interface Scanner {
  /** Runs a scan now (or joins the one running) and resolves with its result. */
  scanNow(): Promise<DataUsage>;
  /** Stops the scanner (aborting a running scan) and resolves once it has stopped. */
  stop(): Promise<void>;
  /** Resolves when the scanner has stopped (after `stop()` or the `signal` aborts). */
  stopped: Promise<void>;
}

export interface ScannerOptions {
  /** Pause between the end of one scan and the start of the next (default 60 s). */
  intervalMs?: number;
  /** Stops the scanner when aborted (alternative to `stop()`). */
  signal?: AbortSignal;
  log?: (msg: string) => void;
  /** Told when each cycle starts and how it ends (the quota usage tracker follows the scans). */
  observer?: ScanObserver;
  /** Runs after each bucket is measured (FIFO quota enforcement). */
  afterBucket?: AfterBucketScan;
}

/** Follows the scanner's cycles (`bucket/usage-tracker.ts` implements it). */
export interface ScanObserver {
  scanStarted(): void;
  scanFinished(usage: DataUsage): void;
  scanFailed(): void;
}

export const DEFAULT_SCAN_INTERVAL_MS = 60_000;

/**
 * Scans at start and then every `intervalMs` until stopped. Errors are logged and the next cycle
 * tries again. Call as `startScanner(layer, options)` or `startScanner({ layer, ...options })`.
 */
export function startScanner(layer: ObjectLayer, options?: ScannerOptions): Scanner;
export function startScanner(options: ScannerOptions & { layer: ObjectLayer }): Scanner;
export function startScanner(
  first: ObjectLayer | (ScannerOptions & { layer: ObjectLayer }),
  second?: ScannerOptions,
): Scanner {
  const { layer, options } =
    'layer' in first && second === undefined
      ? { layer: first.layer, options: first as ScannerOptions }
      : { layer: first as ObjectLayer, options: second ?? {} };
  const log = options.log ?? (() => undefined);
  const intervalMs = options.intervalMs ?? DEFAULT_SCAN_INTERVAL_MS;
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  let running: Promise<DataUsage> | undefined;
  const observer = options.observer;
  const scan = async (): Promise<DataUsage> => {
    observer?.scanStarted();
    try {
      const usage = await scanDataUsage(layer, signal, options.afterBucket);
      observer?.scanFinished(usage);
      return usage;
    } catch (error) {
      observer?.scanFailed();
      throw error;
    }
  };
  const scanNow = (): Promise<DataUsage> => {
    running ??= scan().finally(() => {
      running = undefined;
    });
    return running;
  };
  const stopped = (async () => {
    while (!signal.aborted) {
      try {
        await scanNow();
      } catch (error) {
        if (signal.aborted) break;
        log(`data usage scan failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      await sleep(intervalMs, signal);
    }
  })();
  return {
    scanNow,
    stopped,
    stop: async () => {
      controller.abort();
      await stopped;
    },
  };
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    timer.unref();
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
