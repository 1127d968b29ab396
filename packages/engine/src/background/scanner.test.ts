import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { openObjectLayer } from '../object-layer/index.js';
import { startScanner } from './scanner.js';

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
});
