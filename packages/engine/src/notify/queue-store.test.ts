import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskQueueStore, MemoryQueueStore } from './queue-store.js';
import type { TargetEvent } from './target.js';

const event = (key: string): TargetEvent => ({
  EventName: 's3:ObjectCreated:Put',
  Key: `b/${key}`,
  Records: [],
});

describe('disk queue store', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'coffer-queue-store-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps events as files in order across a reopen, drops stale temporaries, honours the limit', async () => {
    const path = join(dir, 'webhook-1');
    const first = new DiskQueueStore(path, 4);
    await first.open();
    for (const key of ['a', 'b', 'c']) expect(await first.put(event(key))).toBe(true);
    // A write that never finished (crash between write and rename) was never accepted.
    await writeFile(join(path, '00000000000000000001.event.tmp'), '{');

    const again = new DiskQueueStore(path, 4);
    await again.open();
    expect(again.length).toBe(3);
    expect((await readdir(path)).some((f) => f.endsWith('.tmp'))).toBe(false);
    // New names sort after the ones left by the earlier run.
    expect(await again.put(event('d'))).toBe(true);
    expect(await again.put(event('e'))).toBe(false);
    const order: string[] = [];
    for (let item = await again.first(); item !== undefined; item = await again.first()) {
      order.push(item.event.Key);
      await again.remove(item.key);
    }
    expect(order).toEqual(['b/a', 'b/b', 'b/c', 'b/d']);
    expect(await readdir(path)).toEqual([]);
  });

  it('skips (and removes) an unreadable event', async () => {
    const path = join(dir, 'webhook-2');
    const logs: string[] = [];
    const store = new DiskQueueStore(path, 10, (line) => logs.push(line));
    await store.open();
    await store.put(event('x'));
    await store.put(event('y'));
    const [name] = (await readdir(path)).sort();
    await writeFile(join(path, name ?? ''), 'not json');
    expect((await store.first())?.event.Key).toBe('b/y');
    expect(logs.join('\n')).toContain('unreadable');
    expect(store.length).toBe(1);
  });
});

describe('memory queue store', () => {
  it('is bounded and in order', async () => {
    const store = new MemoryQueueStore(2);
    expect(await store.put(event('a'))).toBe(true);
    expect(await store.put(event('b'))).toBe(true);
    expect(await store.put(event('c'))).toBe(false);
    const item = await store.first();
    expect(item?.event.Key).toBe('b/a');
    await store.remove(item?.key ?? '');
    expect((await store.first())?.event.Key).toBe('b/b');
  });
});
