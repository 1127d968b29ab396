import { describe, expect, it } from 'vitest';
import type { BucketUsage, DataUsage } from '../object-layer/types.js';
import { BucketUsageTracker } from './usage-tracker.js';

function usage(sizes: Record<string, number>): DataUsage {
  const buckets: Record<string, BucketUsage> = {};
  for (const [name, size] of Object.entries(sizes)) {
    buckets[name] = {
      size,
      objectsCount: 1,
      versionsCount: 1,
      deleteMarkersCount: 0,
      objectsSizesHistogram: {},
      objectsVersionsHistogram: {},
    };
  }
  return {
    lastUpdate: new Date(),
    objectsCount: 0,
    versionsCount: 0,
    deleteMarkersCount: 0,
    objectsTotalSize: 0,
    bucketsCount: Object.keys(sizes).length,
    buckets,
  };
}

describe('BucketUsageTracker', () => {
  it('starts from the stored scan, read once, and adds what was written and removed since', async () => {
    let loads = 0;
    const tracker = new BucketUsageTracker(() => {
      loads++;
      return Promise.resolve(usage({ a: 1000 }));
    });
    await tracker.ready();
    await tracker.ready();
    expect(loads).toBe(1);
    expect(tracker.used('a')).toBe(1000);
    expect(tracker.used('other')).toBe(0);
    tracker.record('a', 500);
    tracker.record('a', -200);
    expect(tracker.used('a')).toBe(1300);
  });

  it('counts writes in flight, and settles them with what they really added', async () => {
    const tracker = new BucketUsageTracker(() => Promise.resolve(usage({})));
    await tracker.ready();
    const r1 = tracker.reserve('a', 100);
    const r2 = tracker.reserve('a', 50);
    expect(tracker.used('a')).toBe(150);
    r1.settle(60); // an overwrite of a 40-byte null version
    expect(tracker.used('a')).toBe(110);
    r2.release();
    r2.settle(50); // settling after a release changes nothing
    expect(tracker.used('a')).toBe(60);
  });

  it('keeps deltas from before a running scan until it finishes, then uses its figures', async () => {
    const tracker = new BucketUsageTracker(() => Promise.resolve(usage({ a: 1000 })));
    await tracker.ready();
    tracker.record('a', 300); // before the scan: the scan will count it
    tracker.scanStarted();
    expect(tracker.used('a')).toBe(1300);
    tracker.record('a', 20); // during the scan: may or may not be in its figures
    expect(tracker.used('a')).toBe(1320);
    tracker.scanFinished(usage({ a: 1300 }));
    // The scan's 1300 includes the 300; the 20 written during the scan is kept (over-estimate).
    expect(tracker.used('a')).toBe(1320);
    tracker.scanStarted();
    tracker.scanFinished(usage({ a: 1320 }));
    expect(tracker.used('a')).toBe(1320);
  });

  it('keeps every delta when a scan fails', async () => {
    const tracker = new BucketUsageTracker(() => Promise.resolve(usage({ a: 10 })));
    await tracker.ready();
    tracker.record('a', 5);
    tracker.scanStarted();
    tracker.record('a', 7);
    tracker.scanFailed();
    expect(tracker.used('a')).toBe(22);
    tracker.scanStarted();
    tracker.scanFinished(usage({ a: 22 }));
    expect(tracker.used('a')).toBe(22);
  });

  it('prefers a finished scan over a stored one that loads late, and survives an unreadable store', async () => {
    let resolveLoad: (u: DataUsage) => void = () => undefined;
    const tracker = new BucketUsageTracker(
      () =>
        new Promise<DataUsage>((resolve) => {
          resolveLoad = resolve;
        }),
    );
    const ready = tracker.ready();
    tracker.scanStarted();
    tracker.scanFinished(usage({ a: 7 }));
    resolveLoad(usage({ a: 999 }));
    await ready;
    expect(tracker.used('a')).toBe(7);

    const broken = new BucketUsageTracker(() => Promise.reject(new Error('no quorum')));
    await broken.ready();
    broken.record('a', 3);
    expect(broken.used('a')).toBe(3);
  });

  it('forgets a deleted bucket', async () => {
    const tracker = new BucketUsageTracker(() => Promise.resolve(usage({ a: 1000 })));
    await tracker.ready();
    tracker.record('a', 10);
    const inFlight = tracker.reserve('a', 5);
    tracker.forget('a');
    expect(tracker.used('a')).toBe(0);
    inFlight.settle(5); // a write that raced the delete does not resurrect the old figures
    expect(tracker.used('a')).toBe(0);
  });
});
