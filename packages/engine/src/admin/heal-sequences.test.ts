/**
 * Heal sequence rules over a layer whose walk the test controls: one sequence per path, overlap
 * and already-running refusals, force start replacing, status draining items, the walk waiting
 * while too many items are unconsumed, stop.
 */
import { describe, expect, it } from 'vitest';
import type { HealAllOptions, HealResultItem, ObjectLayer, StorageInfo } from '../object-layer/types.js';
import { HealAlreadyRunning, HealInvalidClientToken, HealOverlappingPaths } from './errors.js';
import { HealSequences, MAX_UNCONSUMED, ZERO_HEAL_OPTS } from './heal-sequences.js';

const INFO: StorageInfo = {
  deploymentId: 'd',
  dataShards: 2,
  parityShards: 2,
  backendType: 'Erasure',
  drives: [0, 1, 2, 3].map((i) => ({
    endpoint: `/d${i}`,
    path: `/d${i}`,
    state: 'ok',
    uuid: `u${i}`,
    totalSpace: 0,
    usedSpace: 0,
    availSpace: 0,
    healing: false,
    poolIndex: 0,
    setIndex: 0,
    diskIndex: i,
  })),
};

const item = (key: string): HealResultItem => ({
  type: 'object',
  bucket: 'b',
  key,
  before: ['ok', 'missing', 'ok', 'ok'],
  after: ['ok', 'ok', 'ok', 'ok'],
  objectSize: 5,
});

/** A layer whose healAll emits `count` items, then waits until aborted (or `finish()`). */
function fakeLayer(count: number) {
  let finish = (): void => undefined;
  const walks: HealAllOptions[] = [];
  let emitted = 0;
  const layer = {
    getBucketInfo: async () => ({ name: 'b', created: new Date() }),
    storageInfo: async () => INFO,
    healAll: async (options: HealAllOptions) => {
      walks.push(options);
      for (let i = 0; i < count; i++) {
        options.signal?.throwIfAborted();
        await options.onItem?.(item(`k${i}`));
        emitted++;
      }
      await new Promise<void>((resolve, reject) => {
        finish = resolve;
        options.signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      });
    },
  } as unknown as ObjectLayer;
  return { layer, walks, finish: () => finish(), emitted: () => emitted };
}

const opts = { ...ZERO_HEAL_OPTS, recursive: true };
const request = { forceStart: false, clientAddress: '127.0.0.1' };
const tick = () => new Promise((r) => setTimeout(r, 5));

describe('heal sequences', () => {
  it('refuses a second start and overlapping paths; force start replaces the running one', async () => {
    const fake = fakeLayer(0);
    const sequences = new HealSequences(fake.layer);
    const first = await sequences.start('b', 'p/', opts, request);
    expect(fake.walks[0]).toMatchObject({ bucket: 'b', prefix: 'p/', recursive: true, deep: false });
    await expect(sequences.start('b', 'p/', opts, request)).rejects.toBeInstanceOf(HealAlreadyRunning);
    await expect(sequences.start('b', '', opts, request)).rejects.toBeInstanceOf(HealOverlappingPaths);
    await expect(sequences.start('b', 'p/q', opts, request)).rejects.toBeInstanceOf(HealOverlappingPaths);
    const second = await sequences.start('b', 'p/', opts, { ...request, forceStart: true });
    expect(second.clientToken).not.toBe(first.clientToken);
    expect(() => sequences.status('b', 'p/', first.clientToken)).toThrow(HealInvalidClientToken);
    expect(sequences.status('b', 'p/', second.clientToken).Summary).toBe('running');
    const stopped = await sequences.stop('b', 'p/');
    expect(stopped.clientToken).toBe(second.clientToken);
    expect(sequences.status('b', 'p/', second.clientToken)).toMatchObject({
      Summary: 'finished',
      Items: null,
    });
    expect((await sequences.stop('b', 'p/')).clientToken).toBe('unknown');
  });

  it('drains items on each poll and ends finished', async () => {
    const fake = fakeLayer(3);
    const sequences = new HealSequences(fake.layer);
    const { clientToken } = await sequences.start('b', '', opts, request);
    await tick();
    const status = sequences.status('b', '', clientToken);
    expect(
      status.Items?.map((i) => [i.resultId, i.object, i.before.drives[1]?.state, i.after.drives[1]?.state]),
    ).toEqual([
      [1, 'k0', 'missing', 'ok'],
      [2, 'k1', 'missing', 'ok'],
      [3, 'k2', 'missing', 'ok'],
    ]);
    expect(status.Items?.[0]).toMatchObject({ parityBlocks: 2, dataBlocks: 2, diskCount: 4, setCount: 1 });
    expect(sequences.status('b', '', clientToken).Items).toBeNull();
    fake.finish();
    await tick();
    expect(sequences.status('b', '', clientToken).Summary).toBe('finished');
  });

  it('pauses the walk while too many items wait for a poll', async () => {
    const fake = fakeLayer(MAX_UNCONSUMED + 10);
    const sequences = new HealSequences(fake.layer);
    const { clientToken } = await sequences.start('b', '', opts, request);
    await tick();
    expect(fake.emitted()).toBe(MAX_UNCONSUMED - 1);
    expect(sequences.status('b', '', clientToken).Items).toHaveLength(MAX_UNCONSUMED);
    await tick();
    expect(fake.emitted()).toBe(MAX_UNCONSUMED + 10);
    await sequences.close();
  });
});
