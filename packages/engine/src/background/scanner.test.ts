import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { openObjectLayer } from '../object-layer/index.js';
import type {
  ListObjectVersionsOptions,
  ListObjectVersionsResult,
  ObjectInfo,
} from '../object-layer/types.js';
import { scanBucket, scanDataUsage, startScanner } from './scanner.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('data usage scanner', () => {
  it('counts objects, versions, delete markers and fills the histograms', async () => {
    const root = await mkdtemp(join(tmpdir(), 'coffer-scan-'));
    const { layer } = await openObjectLayer({ drives: [1, 2, 3, 4].map((i) => join(root, `d${i}`)) });
    const controller = new AbortController();
    cleanups.push(async () => {
      controller.abort();
      await layer.close();
      await rm(root, { recursive: true, force: true });
    });
    expect((await layer.dataUsage()).lastUpdate.getTime()).toBe(0);
    await layer.makeBucket('plain');
    await layer.makeBucket('versioned');
    await layer.updateBucketMetadata('versioned', (m) => {
      m.versioning = 'Enabled';
    });
    const put = (b: string, k: string, size: number) =>
      layer.putObject(b, k, Readable.from([Buffer.alloc(size, 1)]), { size });
    await put('plain', 'tiny', 10);
    await put('plain', 'mid', 100 * 1024);
    await put('plain', 'big', 2 * 1024 * 1024);
    await put('versioned', 'k', 5);
    await put('versioned', 'k', 7);
    await put('versioned', 'gone', 3);
    await layer.deleteObject('versioned', 'gone');

    const scanner = startScanner(layer, { intervalMs: 60_000, signal: controller.signal });
    const usage = await scanner.scanNow();
    expect(usage.bucketsCount).toBe(2);
    expect(usage.objectsCount).toBe(4);
    expect(usage.versionsCount).toBe(6);
    expect(usage.deleteMarkersCount).toBe(1);
    expect(usage.objectsTotalSize).toBe(10 + 100 * 1024 + 2 * 1024 * 1024 + 5 + 7 + 3);
    const plain = usage.buckets['plain'];
    expect(plain?.objectsSizesHistogram['LESS_THAN_1024_B']).toBe(1);
    expect(plain?.objectsSizesHistogram['BETWEEN_64_KB_AND_256_KB']).toBe(1);
    expect(plain?.objectsSizesHistogram['BETWEEN_1024B_AND_1_MB']).toBe(1);
    expect(plain?.objectsSizesHistogram['BETWEEN_1_MB_AND_10_MB']).toBe(1);
    expect(plain?.objectsVersionsHistogram['SINGLE_VERSION']).toBe(3);
    const versioned = usage.buckets['versioned'];
    expect(versioned?.objectsCount).toBe(1);
    expect(versioned?.objectsVersionsHistogram['BETWEEN_2_AND_10']).toBe(1);
    expect(versioned?.objectsVersionsHistogram['SINGLE_VERSION']).toBe(1);
    const stored = await layer.dataUsage();
    expect(stored.objectsCount).toBe(4);
    expect(stored.lastUpdate.getTime()).toBe(usage.lastUpdate.getTime());
    await scanner.stop();
  });

  it('measures a bucket again when the after-bucket hook changed it, and stores that figure', async () => {
    const root = await mkdtemp(join(tmpdir(), 'coffer-scan-'));
    const { layer } = await openObjectLayer({ drives: [1, 2, 3, 4].map((i) => join(root, `d${i}`)) });
    cleanups.push(async () => {
      await layer.close();
      await rm(root, { recursive: true, force: true });
    });
    await layer.makeBucket('trimmed');
    await layer.makeBucket('untouched');
    for (const b of ['trimmed', 'untouched']) {
      for (const k of ['a', 'b'])
        await layer.putObject(b, k, Readable.from([Buffer.alloc(10, 1)]), { size: 10 });
    }
    const seen: [string, number][] = [];
    const usage = await scanDataUsage(layer, undefined, async (bucket, measured) => {
      seen.push([bucket, measured.size]);
      if (bucket !== 'trimmed') return false;
      await layer.deleteObject(bucket, 'a');
      return true;
    });
    expect(seen).toEqual([
      ['trimmed', 20],
      ['untouched', 20],
    ]);
    expect(usage.buckets['trimmed']).toMatchObject({ size: 10, objectsCount: 1 });
    expect(usage.buckets['untouched']).toMatchObject({ size: 20, objectsCount: 2 });
    expect(usage.objectsTotalSize).toBe(30);
    expect((await layer.dataUsage()).buckets['trimmed']?.size).toBe(10);
  });
});

/**
 * A bucket of `keys` single-version objects served from memory: every page resolves without I/O,
 * the way the LMDB-backed listing does (synchronously inside an async method), so the only turns
 * of the event loop during a scan are the ones the scanner gives up itself.
 */
function syntheticBucket(keys: number): {
  listObjectVersions(bucket: string, options: ListObjectVersionsOptions): Promise<ListObjectVersionsResult>;
  maxPageSeen: number;
  pages: number;
} {
  const name = (i: number): string => `k${String(i).padStart(8, '0')}`;
  const state = {
    maxPageSeen: 0,
    pages: 0,
    listObjectVersions(
      _bucket: string,
      options: ListObjectVersionsOptions,
    ): Promise<ListObjectVersionsResult> {
      state.pages++;
      const start = options.keyMarker === undefined ? 0 : Number(options.keyMarker.slice(1)) + 1;
      const end = Math.min(keys, start + options.maxKeys);
      const versions: ObjectInfo[] = [];
      for (let i = start; i < end; i++) {
        versions.push({
          bucket: 'b',
          key: name(i),
          versionId: 'null',
          isLatest: true,
          deleteMarker: false,
          size: 10,
          etag: 'e',
          lastModified: new Date(0),
          contentType: 'application/octet-stream',
          headers: {},
          userMetadata: {},
          storageClass: 'STANDARD',
          checksums: {},
          internal: {},
        });
      }
      state.maxPageSeen = Math.max(state.maxPageSeen, versions.length);
      const isTruncated = end < keys;
      return Promise.resolve({
        versions,
        commonPrefixes: [],
        isTruncated,
        ...(isTruncated ? { nextKeyMarker: name(end - 1), nextVersionIdMarker: 'null' } : {}),
      });
    },
  };
  return state;
}

describe('data usage scanner and the event loop', () => {
  it('lets the event loop turn while it scans a big bucket, one bounded page at a time', async () => {
    const keys = 50_000;
    const bucket = syntheticBucket(keys);
    // Count turns of the event loop (check phase) while the scan runs; before the fix the whole
    // scan ran in one macrotask, chaining only microtasks, and this stayed 0.
    let turns = 0;
    let counting = true;
    const tick = (): void => {
      if (!counting) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    let timerFired = false;
    setTimeout(() => {
      timerFired = true;
    }, 0);
    const usage = await scanBucket(bucket, 'b');
    counting = false;
    expect(usage.objectsCount).toBe(keys);
    expect(usage.size).toBe(10 * keys);
    expect(usage.objectsVersionsHistogram['SINGLE_VERSION']).toBe(keys);
    // Memory stays bounded: the scanner never asks for more than one page of 1,000 at a time...
    expect(bucket.maxPageSeen).toBeLessThanOrEqual(1000);
    expect(bucket.pages).toBeGreaterThanOrEqual(keys / 1000);
    // ...and yields at least every few pages, so other work (a timer, I/O callbacks) gets in.
    expect(turns).toBeGreaterThanOrEqual(bucket.pages / 5);
    expect(timerFired).toBe(true);
  });
});
