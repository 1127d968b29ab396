import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import type { Session } from '../../session/session-store.js';
import type { StorageClients } from '../../storage/storage-clients.js';
import { UsageCache } from './usage-cache.js';

const session = { id: 's1' } as Session;

function clients(dataUsage: () => Promise<unknown>, accountInfo: () => Promise<unknown>) {
  let calls = 0;
  const fake = {
    forSession: () => ({
      admin: {
        dataUsageInfo: () => {
          calls++;
          return dataUsage();
        },
        accountInfo: () => {
          calls++;
          return accountInfo();
        },
      },
    }),
  };
  return { fake: fake as unknown as StorageClients, calls: () => calls };
}

const never = (): Promise<never> => new Promise(() => undefined);

describe('UsageCache', () => {
  it('answers sizes when the report comes in time, from datausageinfo', async () => {
    const c = clients(async () => ({ bucketsUsageInfo: { a: { size: 5, objectsCount: 2 } } }), never);
    const cache = new UsageCache(c.fake, 200);
    const r = await cache.get(session, true);
    expect(r.pending).toBe(false);
    expect(r.report?.buckets.get('a')).toEqual({ size: 5, objects: 2 });
    await cache.get(session, true);
    expect(c.calls()).toBe(1);
  });

  it('uses accountinfo for accounts without admin:DataUsageInfo', async () => {
    const c = clients(never, async () => ({ Buckets: [{ name: 'b', size: 7, objects: 1 }] }));
    const r = await new UsageCache(c.fake, 200).get(session, false);
    expect(r.report?.buckets.get('b')).toEqual({ size: 7, objects: 1 });
  });

  it('never holds the list longer than the wait budget: pending, then there', async () => {
    let release: (v: unknown) => void = () => undefined;
    const slow = new Promise((r) => (release = r));
    const c = clients(() => slow, never);
    const cache = new UsageCache(c.fake, 20);
    const first = await cache.get(session, true);
    expect(first).toEqual({ pending: true });
    release({ bucketsUsageInfo: { a: { size: 1, objectsCount: 1 } } });
    await slow;
    await new Promise((r) => setTimeout(r, 0));
    expect((await cache.get(session, true)).report?.buckets.get('a')?.size).toBe(1);
    expect(c.calls()).toBe(1);
  });

  it('remembers a failure instead of asking on every list', async () => {
    const c = clients(async () => Promise.reject(new Error('no')), never);
    const cache = new UsageCache(c.fake, 50);
    expect(await cache.get(session, true)).toEqual({ pending: false });
    expect(await cache.get(session, true)).toEqual({ pending: false });
    expect(c.calls()).toBe(1);
  });
});

describe('UsageCache.recounted (buckets the console just changed)', () => {
  /** An S3 client whose ListObjectVersions answers `versions` per bucket, or fails while `refuse` is set. */
  function s3Clients(versions: Record<string, { key: string; size: number; latest: boolean }[]>) {
    const listed: string[] = [];
    let refuse = false;
    const s3 = {
      makeRequestAsync: async ({ bucketName }: { bucketName: string }) => {
        listed.push(bucketName);
        if (refuse) throw new Error('AccessDenied');
        const body = (versions[bucketName] ?? [])
          .map(
            (v) =>
              `<Version><Key>${v.key}</Key><VersionId>null</VersionId><IsLatest>${v.latest}</IsLatest><Size>${v.size}</Size></Version>`,
          )
          .join('');
        return Readable.from([
          Buffer.from(`<ListVersionsResult><IsTruncated>false</IsTruncated>${body}</ListVersionsResult>`),
        ]);
      },
    };
    const fake = { forSession: () => ({ s3 }) } as unknown as StorageClients;
    return { fake, listed, refuse: (on: boolean) => (refuse = on) };
  }

  it('counts only changed buckets, once per change, again after the next change', async () => {
    const data = {
      a: [
        { key: 'x', size: 10, latest: true },
        { key: 'x', size: 5, latest: false },
      ],
      b: [{ key: 'y', size: 1, latest: true }],
    };
    const c = s3Clients(data);
    const cache = new UsageCache(c.fake);
    expect(await cache.recounted(session, ['a', 'b'])).toEqual(new Map());
    expect(c.listed).toEqual([]);

    cache.changed('a');
    expect(await cache.recounted(session, ['a', 'b'])).toEqual(new Map([['a', { size: 15, objects: 1 }]]));
    expect(await cache.recounted(session, ['a', 'b'])).toEqual(new Map([['a', { size: 15, objects: 1 }]]));
    expect(c.listed).toEqual(['a']);

    data.a.push({ key: 'z', size: 100, latest: true });
    cache.changed('a');
    expect((await cache.recounted(session, ['a'])).get('a')).toEqual({ size: 115, objects: 2 });
    expect(c.listed).toEqual(['a', 'a']);
  });

  it('leaves out a bucket it cannot count, and tries again on the next list', async () => {
    const c = s3Clients({ a: [{ key: 'x', size: 3, latest: true }] });
    const cache = new UsageCache(c.fake);
    cache.changed('a');
    c.refuse(true);
    expect(await cache.recounted(session, ['a'])).toEqual(new Map());
    c.refuse(false);
    expect(await cache.recounted(session, ['a'])).toEqual(new Map([['a', { size: 3, objects: 1 }]]));
    expect(c.listed).toEqual(['a', 'a']);
  });
});
