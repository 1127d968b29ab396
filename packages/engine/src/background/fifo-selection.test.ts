import { describe, expect, it } from 'vitest';
import type {
  ListObjectVersionsOptions,
  ListObjectVersionsResult,
  ObjectInfo,
} from '../object-layer/types.js';
import { LOCK_LEGAL_HOLD_KEY, LOCK_MODE_KEY, LOCK_UNTIL_KEY } from '../bucket/object-lock.js';
import { OldestFirstSelection, planFifoTrim, type FifoCandidate } from './fifo-selection.js';

const NOW = Date.parse('2026-06-01T00:00:00Z');

function version(key: string, size: number, modified: number, extra: Partial<ObjectInfo> = {}): ObjectInfo {
  return {
    bucket: 'b',
    key,
    versionId: extra.versionId ?? 'null',
    isLatest: true,
    deleteMarker: false,
    size,
    etag: 'e',
    lastModified: new Date(modified),
    contentType: 'application/octet-stream',
    headers: {},
    userMetadata: {},
    storageClass: 'STANDARD',
    checksums: {},
    internal: {},
    ...extra,
  };
}

/** A listing over `versions` (sorted by key, then newest first, as the layer lists), `pageSize` per page. */
function fakeLayer(versions: ObjectInfo[], pageSize = 3) {
  const sorted = [...versions].sort((a, b) =>
    a.key !== b.key ? (a.key < b.key ? -1 : 1) : b.lastModified.getTime() - a.lastModified.getTime(),
  );
  let pages = 0;
  return {
    get pages() {
      return pages;
    },
    listObjectVersions(
      _bucket: string,
      options: ListObjectVersionsOptions,
    ): Promise<ListObjectVersionsResult> {
      pages++;
      let start = 0;
      if (options.keyMarker !== undefined) {
        start =
          sorted.findIndex((v) => v.key === options.keyMarker && v.versionId === options.versionIdMarker) + 1;
      }
      const page = sorted.slice(start, start + Math.min(pageSize, options.maxKeys));
      const last = page[page.length - 1];
      const isTruncated = start + page.length < sorted.length;
      return Promise.resolve({
        versions: page,
        commonPrefixes: [],
        isTruncated,
        ...(isTruncated && last !== undefined
          ? { nextKeyMarker: last.key, nextVersionIdMarker: last.versionId }
          : {}),
      });
    },
  };
}

const keys = (c: FifoCandidate[]): string[] => c.map((v) => `${v.key}@${v.versionId}`);

describe('FIFO quota selection', () => {
  it('chooses the oldest versions first and stops once the bucket is back at its quota', async () => {
    // Sizes 100 each, ages spread across keys out of key order.
    const versions = [
      version('e', 100, 5000),
      version('a', 100, 3000),
      version('d', 100, 1000),
      version('b', 100, 4000),
      version('c', 100, 2000),
    ];
    const layer = fakeLayer(versions);
    // 500 B held, quota 280: 220 B to free → three versions (300 B), the three oldest.
    const plan = await planFifoTrim(layer, 'b', 280, 500, NOW);
    expect(plan.seenBytes).toBe(500);
    expect(keys(plan.victims)).toEqual(['d@null', 'c@null', 'a@null']);
    expect(plan.victimBytes).toBe(300);
    expect(layer.pages).toBeGreaterThan(1);
    // Exactly at the quota after removal: 200 freed of 500 with quota 300.
    const exact = await planFifoTrim(fakeLayer(versions), 'b', 300, 500, NOW);
    expect(keys(exact.victims)).toEqual(['d@null', 'c@null']);
  });

  it('orders versions, not keys: a key keeps its newer versions while older ones go', async () => {
    const versions = [
      version('k', 10, 1000, { versionId: 'v1', isLatest: false }),
      version('k', 10, 3000, { versionId: 'v3' }),
      version('k', 10, 2500, { versionId: 'v2', isLatest: false }),
      version('other', 10, 2000, { versionId: 'o1' }),
      version('gone', 0, 500, { versionId: 'dm', deleteMarker: true }),
    ];
    const plan = await planFifoTrim(fakeLayer(versions), 'b', 15, 40, NOW);
    expect(keys(plan.victims)).toEqual(['k@v1', 'other@o1', 'k@v2']);
    // Delete markers hold nothing and are never removed.
    expect(plan.seenBytes).toBe(40);
  });

  it('skips versions kept by legal hold or an unexpired retention, of either mode', async () => {
    const future = new Date(NOW + 86_400_000).toISOString();
    const past = new Date(NOW - 1000).toISOString();
    const versions = [
      version('held', 100, 1000, { internal: { [LOCK_LEGAL_HOLD_KEY]: 'ON' } }),
      version('compliance', 100, 1100, {
        internal: { [LOCK_MODE_KEY]: 'COMPLIANCE', [LOCK_UNTIL_KEY]: future },
      }),
      version('governance', 100, 1200, {
        internal: { [LOCK_MODE_KEY]: 'GOVERNANCE', [LOCK_UNTIL_KEY]: future },
      }),
      version('expired', 100, 1300, { internal: { [LOCK_MODE_KEY]: 'COMPLIANCE', [LOCK_UNTIL_KEY]: past } }),
      version('released', 100, 1400, { internal: { [LOCK_LEGAL_HOLD_KEY]: 'OFF' } }),
      version('young', 100, 9000),
    ];
    const plan = await planFifoTrim(fakeLayer(versions), 'b', 400, 600, NOW);
    expect(keys(plan.victims)).toEqual(['expired@null', 'released@null']);
    expect(plan.lockedSkipped).toBe(3);
    // Locked versions still count towards the bucket's size.
    expect(plan.seenBytes).toBe(600);
  });

  it('chooses everything removable when locked versions alone exceed the quota', async () => {
    const future = new Date(NOW + 86_400_000).toISOString();
    const versions = [
      version('locked', 500, 1000, { internal: { [LOCK_MODE_KEY]: 'COMPLIANCE', [LOCK_UNTIL_KEY]: future } }),
      version('x', 100, 2000),
      version('y', 100, 3000),
    ];
    const plan = await planFifoTrim(fakeLayer(versions), 'b', 300, 700, NOW);
    expect(keys(plan.victims)).toEqual(['x@null', 'y@null']);
  });

  it('frees only what the walk finds over the quota when the bucket shrank since the scan', async () => {
    const versions = [version('a', 100, 1000), version('b', 100, 2000), version('c', 100, 3000)];
    // The scan saw 600 B (quota 200: 400 to free); the walk finds 300 B: one version is enough.
    const shrunk = await planFifoTrim(fakeLayer(versions), 'b', 200, 600, NOW);
    expect(keys(shrunk.victims)).toEqual(['a@null']);
    // Below the quota by the time of the walk: nothing goes.
    const under = await planFifoTrim(fakeLayer(versions), 'b', 300, 600, NOW);
    expect(under.victims).toEqual([]);
  });

  it('holds only what it may remove, and agrees with sorting the whole bucket', () => {
    // Deterministic pseudo-random sizes and ages.
    let seed = 7;
    const rand = (n: number): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const all: FifoCandidate[] = Array.from({ length: 5000 }, (_, i) => ({
      key: `k${i}`,
      versionId: 'null',
      size: 500 + rand(1000),
      modified: rand(1_000_000),
    }));
    const toFree = 20_000;
    const selection = new OldestFirstSelection(toFree);
    let peak = 0;
    for (const c of all) {
      selection.offer(c);
      peak = Math.max(peak, selection.size);
    }
    const sorted = [...all].sort((a, b) => a.modified - b.modified || (a.key < b.key ? -1 : 1));
    const expected: FifoCandidate[] = [];
    let bytes = 0;
    for (const c of sorted) {
      if (bytes >= toFree) break;
      expected.push(c);
      bytes += c.size;
    }
    expect(keys(selection.oldestFirst())).toEqual(keys(expected));
    expect(selection.selectedBytes).toBe(bytes);
    // Bounded by the bytes to free, never the bucket: held minus the newest stays under the
    // target, so at most target / smallest size + 1 candidates, plus the one being offered.
    const smallest = Math.min(...all.map((c) => c.size));
    expect(peak).toBeLessThanOrEqual(Math.ceil(toFree / smallest) + 2);
    // Lowering the target lets the newest go.
    selection.retarget(1);
    expect(keys(selection.oldestFirst())).toEqual(keys(expected.slice(0, 1)));
  });
});
