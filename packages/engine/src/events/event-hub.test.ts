import { describe, expect, it } from 'vitest';
import { gate, recorder, until } from '../../test/helpers/event-recorder.js';
import { createEventHub, type ObjectChange, type ObjectEventHub } from './event-hub.js';

function hub(log?: (line: string) => void): ObjectEventHub {
  return createEventHub({
    region: 'us-east-1',
    deploymentId: 'd3b07384-d113-4ec6-a1b2-000000000001',
    endpoint: () => '127.0.0.1:9000',
    ...(log !== undefined ? { log } : {}),
  });
}

const put = (key: string, bucket = 'photos'): ObjectChange => ({
  name: 's3:ObjectCreated:Put',
  bucket,
  key,
  versionId: 'null',
});
const del = (key: string, bucket = 'photos'): ObjectChange => ({
  name: 's3:ObjectRemoved:Delete',
  bucket,
  key,
});

describe('event hub', () => {
  it('never runs a handler inside publish: delivery comes on a later turn', async () => {
    const events = hub();
    const r = recorder();
    events.subscribe(undefined, r.handler);
    events.publish(put('a.jpg'));
    expect(r.events).toHaveLength(0);
    const [first] = await r.waitFor(1);
    expect(first?.key).toBe('a.jpg');
    expect(first?.record.eventName).toBe('s3:ObjectCreated:Put');
  });

  it('runs the accept pre-filter before building the event, and treats a throw as no match', async () => {
    const events = hub();
    const r = recorder();
    const seen: string[] = [];
    events.subscribe(
      {
        events: ['s3:ObjectAccessed:*', 's3:ObjectCreated:*'],
        accept: (change) => {
          seen.push(change.key);
          if (change.key === 'boom') throw new Error('boom');
          return change.key.startsWith('yes');
        },
      },
      r.handler,
    );
    events.publish({ name: 's3:ObjectAccessed:Get', bucket: 'b', key: 'yes-1' });
    events.publish({ name: 's3:ObjectRemoved:Delete', bucket: 'b', key: 'yes-removed' });
    events.publish(put('no'));
    events.publish(put('boom'));
    events.publish({ name: 's3:ObjectAccessed:Head', bucket: 'b', key: 'yes-2' });
    await r.waitFor(2);
    // The name filter came first: the removal never reached the pre-filter.
    expect(seen).toEqual(['yes-1', 'no', 'boom', 'yes-2']);
    expect(r.events.map((e) => `${e.name} ${e.key}`)).toEqual([
      's3:ObjectAccessed:Get yes-1',
      's3:ObjectAccessed:Head yes-2',
    ]);
  });

  it('filters by name (wildcards too), bucket, prefix and suffix', async () => {
    const events = hub();
    const removed = recorder();
    const pngInDocs = recorder();
    const everything = recorder();
    events.subscribe({ events: ['s3:ObjectRemoved:*'] }, removed.handler);
    events.subscribe(
      { events: ['s3:ObjectCreated:Put'], bucket: 'docs', prefix: 'img/', suffix: '.png' },
      pngInDocs.handler,
    );
    events.subscribe({}, everything.handler);
    events.publish(put('img/a.png', 'docs'));
    events.publish(put('img/a.jpg', 'docs'));
    events.publish(put('txt/a.png', 'docs'));
    events.publish(put('img/b.png', 'photos'));
    events.publish(del('img/c.png', 'docs'));
    events.publish(put('img/d.png', 'docs'));
    await everything.waitFor(6);
    await removed.waitFor(1);
    await pngInDocs.waitFor(2);
    expect(removed.events.map((e) => e.key)).toEqual(['img/c.png']);
    expect(pngInDocs.events.map((e) => e.key)).toEqual(['img/a.png', 'img/d.png']);
    expect(everything.events.map((e) => e.name)).toEqual([
      's3:ObjectCreated:Put',
      's3:ObjectCreated:Put',
      's3:ObjectCreated:Put',
      's3:ObjectCreated:Put',
      's3:ObjectRemoved:Delete',
      's3:ObjectCreated:Put',
    ]);
  });

  it('delivers one event at a time per subscriber, in order, with increasing sequencers', async () => {
    const events = hub();
    const hold = gate();
    const seen: string[] = [];
    const r = recorder();
    events.subscribe(undefined, async (event) => {
      seen.push(event.key);
      if (event.key === 'first') await hold.promise;
    });
    events.subscribe(undefined, r.handler);
    for (const key of ['first', 'second', 'third']) events.publish(put(key));
    // The other subscriber gets all three while the first is held on its first event.
    await r.waitFor(3);
    expect(seen).toEqual(['first']);
    expect(events.stats().subscribers[0]?.queued).toBe(2);
    hold.open();
    events.publish(put('fourth'));
    await r.waitFor(4);
    // The held subscriber drains in order once released.
    await until(() => seen.length === 4);
    expect(seen).toEqual(['first', 'second', 'third', 'fourth']);
    const seqs = r.events.map((e) => BigInt(`0x${e.sequencer}`));
    for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBeGreaterThan(seqs[i - 1] as bigint);
  });

  it('keeps a blocked subscriber bounded: the oldest queued events are dropped and counted', async () => {
    const lines: string[] = [];
    const events = hub((line) => lines.push(line));
    const hold = gate();
    const got: string[] = [];
    let entered: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => (entered = resolve));
    events.subscribe(
      undefined,
      async (event) => {
        got.push(event.key);
        entered();
        await hold.promise;
      },
      { name: 'slow', queueLimit: 3 },
    );
    events.publish(put('k0'));
    await inFlight;
    for (let i = 1; i <= 1000; i++) events.publish(put(`k${i}`));
    const slow = events.stats().subscribers[0];
    expect(slow).toMatchObject({ name: 'slow', queued: 3, queueLimit: 3, dropped: 997, delivered: 0 });
    expect(events.stats().published).toBe(1001);
    // Logged at 1, 10, 100 drops: a few lines however long the subscriber stays stuck.
    expect(lines.filter((l) => l.includes('slow') && l.includes('dropping'))).toHaveLength(3);
    hold.open();
    // Wait until the slow one has delivered all it kept: the newest three.
    await until(() => got.length === 4);
    expect(got).toEqual(['k0', 'k998', 'k999', 'k1000']);
    expect(events.stats().subscribers[0]).toMatchObject({ queued: 0, delivered: 4, dropped: 997 });
  });

  it('isolates a throwing or rejecting subscriber from the others and from later events', async () => {
    const lines: string[] = [];
    const events = hub((line) => lines.push(line));
    const thrown: string[] = [];
    events.subscribe(
      undefined,
      (event) => {
        thrown.push(event.key);
        if (event.key === 'a') throw new Error('boom');
        if (event.key === 'b') return Promise.reject(new Error('async boom'));
        return undefined;
      },
      { name: 'faulty' },
    );
    const r = recorder();
    events.subscribe(undefined, r.handler);
    for (const key of ['a', 'b', 'c']) events.publish(put(key));
    await r.waitFor(3);
    await until(() => thrown.length === 3);
    expect(r.events.map((e) => e.key)).toEqual(['a', 'b', 'c']);
    expect(thrown).toEqual(['a', 'b', 'c']);
    await until(() => events.stats().subscribers[0]?.delivered === 1);
    expect(events.stats().subscribers[0]).toMatchObject({ name: 'faulty', failed: 2, delivered: 1 });
    expect(lines.some((l) => l.includes('faulty') && l.includes('boom'))).toBe(true);
  });

  it('stops delivering after unsubscribe and discards what was queued', async () => {
    const events = hub();
    const gone = recorder();
    const stays = recorder();
    const unsubscribe = events.subscribe(undefined, gone.handler);
    events.subscribe(undefined, stays.handler);
    events.publish(put('before'));
    await gone.waitFor(1);
    events.publish(put('queued'));
    unsubscribe();
    unsubscribe();
    events.publish(put('after'));
    await stays.waitFor(3);
    expect(gone.events.map((e) => e.key)).toEqual(['before']);
    expect(events.stats().subscribers).toHaveLength(1);
  });

  it('ignores publishes after close and refuses new subscribers', async () => {
    const events = hub();
    const r = recorder();
    events.subscribe(undefined, r.handler);
    events.close();
    events.publish(put('late'));
    expect(events.stats()).toEqual({ published: 0, subscribers: [] });
    expect(() => events.subscribe(undefined, () => undefined)).toThrow(/closed/);
    expect(r.events).toHaveLength(0);
  });

  it('builds one shared record per event, only when someone listens', async () => {
    const events = hub();
    events.publish(put('nobody'));
    const a = recorder();
    const b = recorder();
    events.subscribe(undefined, a.handler);
    events.subscribe(undefined, b.handler);
    events.publish(put('both'));
    const [ea] = await a.waitFor(1);
    const [eb] = await b.waitFor(1);
    expect(ea).toBe(eb);
    expect(Object.isFrozen(ea)).toBe(true);
    expect(events.stats().published).toBe(2);
  });
});
