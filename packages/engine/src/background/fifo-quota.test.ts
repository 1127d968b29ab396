import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openObjectLayer } from '../object-layer/index.js';
import type { BucketUsage, DeleteObjectOptions, ObjectLayer } from '../object-layer/types.js';
import type { BucketQuota } from '../bucket/quota.js';
import { LOCK_LEGAL_HOLD_KEY } from '../bucket/object-lock.js';
import { enforceFifoQuota, type FifoQuotaServices } from './fifo-quota.js';

const usage = (size: number): BucketUsage => ({
  size,
  objectsCount: 0,
  versionsCount: 0,
  deleteMarkersCount: 0,
  objectsSizesHistogram: {},
  objectsVersionsHistogram: {},
});

async function withLayer(test: (layer: ObjectLayer) => Promise<void>): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'coffer-fifo-'));
  const { layer } = await openObjectLayer({ drives: [1, 2, 3, 4].map((i) => join(root, `d${i}`)) });
  try {
    await test(layer);
  } finally {
    await layer.close();
    await rm(root, { recursive: true, force: true });
  }
}

const put = (layer: ObjectLayer, key: string, size: number) =>
  layer.putObject('fifo', key, Readable.from([Buffer.alloc(size, 1)]), { size });

function services(
  layer: Pick<ObjectLayer, 'listObjectVersions' | 'deleteObject'>,
  quota: BucketQuota | undefined,
  log: string[],
): FifoQuotaServices {
  return {
    objectLayer: layer,
    bucketMetadata: { get: () => Promise.resolve(quota) } as unknown as FifoQuotaServices['bucketMetadata'],
    log: (line) => log.push(line),
  };
}

const fifo = (size: number): BucketQuota => ({ size, type: 'fifo', rate: 0, requests: 0 });

describe('FIFO quota enforcement', () => {
  it('does nothing for a hard quota, no quota, or a bucket within its FIFO quota', async () => {
    await withLayer(async (layer) => {
      await layer.makeBucket('fifo');
      await put(layer, 'a', 100);
      const log: string[] = [];
      const hard: BucketQuota = { size: 10, type: 'hard', rate: 0, requests: 0 };
      expect(await enforceFifoQuota(services(layer, hard, log), 'fifo', usage(100))).toBeUndefined();
      expect(await enforceFifoQuota(services(layer, undefined, log), 'fifo', usage(100))).toBeUndefined();
      expect(await enforceFifoQuota(services(layer, fifo(100), log), 'fifo', usage(100))).toBeUndefined();
      expect((await layer.listObjects('fifo', { maxKeys: 10 })).objects).toHaveLength(1);
      expect(log).toEqual([]);
    });
  });

  it('leaves a version that changed or was locked between the walk and its removal', async () => {
    await withLayer(async (layer) => {
      await layer.makeBucket('fifo');
      await put(layer, 'first', 100);
      await put(layer, 'second', 100);
      await put(layer, 'third', 100);
      await put(layer, 'fourth', 100);
      const log: string[] = [];
      // Between the walk and each removal, another writer acts: `first` is overwritten (a new null
      // version with a newer time) and `second` is put under legal hold.
      const racing: Pick<ObjectLayer, 'listObjectVersions' | 'deleteObject'> = {
        listObjectVersions: (bucket, options) => layer.listObjectVersions(bucket, options),
        async deleteObject(bucket: string, key: string, options?: DeleteObjectOptions) {
          if (key === 'first') await put(layer, 'first', 100);
          if (key === 'second') {
            await layer.updateObjectMetadata(
              bucket,
              key,
              undefined,
              (info) => {
                info.internal[LOCK_LEGAL_HOLD_KEY] = 'ON';
              },
              { change: 'put-legal-hold' },
            );
          }
          return layer.deleteObject(bucket, key, options);
        },
      };
      const result = await enforceFifoQuota(services(racing, fifo(150), log), 'fifo', usage(400));
      // 250 B to free: the three oldest were chosen; only `third` could go.
      expect(result?.removed.map((c) => c.key)).toEqual(['third']);
      expect(result?.lockedSkipped).toBe(1);
      const left = (await layer.listObjects('fifo', { maxKeys: 10 })).objects.map((o) => o.key).sort();
      expect(left).toEqual(['first', 'fourth', 'second']);
      expect(log.join('\n')).toMatch(/still over/);
    });
  });

  it('logs a failure and answers undefined instead of failing the scan', async () => {
    const log: string[] = [];
    const broken: Pick<ObjectLayer, 'listObjectVersions' | 'deleteObject'> = {
      listObjectVersions: () => Promise.reject(new Error('drives unreachable')),
      deleteObject: () => Promise.reject(new Error('not reached')),
    };
    expect(await enforceFifoQuota(services(broken, fifo(1), log), 'fifo', usage(10))).toBeUndefined();
    expect(log).toEqual(['fifo quota: bucket fifo: drives unreachable']);
  });
});
