import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DigestWorker, type DigestSession } from './digest-worker.js';

const MiB = 1024 * 1024;
const md5 = (data: Uint8Array): string => createHash('md5').update(data).digest('hex');

/** A body sent as the write path sends it: blocks in shared buffers, each reused once acknowledged. */
async function upload(session: DigestSession, body: Buffer, block: number, inFlight: number): Promise<void> {
  const buffers = Array.from({ length: inFlight }, () => Buffer.from(new SharedArrayBuffer(block)));
  const busy: (Promise<void> | undefined)[] = new Array<Promise<void> | undefined>(inFlight).fill(undefined);
  for (let at = 0, i = 0; at < body.length; at += block, i++) {
    const slot = i % inFlight;
    await busy[slot];
    const buffer = buffers[slot] as Buffer;
    const n = body.copy(buffer, 0, at, at + block);
    busy[slot] = session.update(buffer, 0, n);
  }
  await Promise.all(busy);
}

const sum = (stats: number[][], lanes: number): number => stats.reduce((n, s) => n + (s[lanes] ?? 0), 0);

describe('digest worker: MD5 of concurrent uploads in lanes', () => {
  it('hashes four concurrent uploads together, every digest right', async () => {
    const digests = new DigestWorker(2);
    try {
      const bodies = [8 * MiB + 1, 8 * MiB, 5 * MiB + 63, 3 * MiB + 64].map((n) => randomBytes(n));
      const sessions = bodies.map((_, i) => digests.start({ sha256: i === 0, crc32: i === 1 }));
      await Promise.all(sessions.map((s, i) => upload(s, bodies[i] as Buffer, MiB, 3)));
      const results = await Promise.all(sessions.map((s) => s.finish()));
      results.forEach((r, i) => expect(r.md5.toString('hex'), `upload ${i}`).toBe(md5(bodies[i] as Buffer)));
      expect(results[0]?.sha256?.toString('hex')).toBe(
        createHash('sha256')
          .update(bodies[0] as Buffer)
          .digest('hex'),
      );
      // Four sessions with MD5 share one thread, and most of their blocks met partners.
      const stats = await digests.laneStats();
      const total = [1, 2, 3, 4].reduce((n, l) => n + sum(stats, l), 0);
      expect(total).toBe(bodies.reduce((n, b) => n + Math.floor(b.length / 64), 0));
      expect(sum(stats, 3) + sum(stats, 4)).toBeGreaterThan(total / 2);
    } finally {
      await digests.close();
    }
  });

  it('hashes a lone upload at once, one lane; every MD5 on OpenSSL when lanes are off', async () => {
    for (const lanes of [true, false]) {
      const digests = new DigestWorker(2, lanes);
      try {
        const body = randomBytes(3 * MiB + 5);
        const one = digests.start({});
        await upload(one, body, MiB, 2);
        expect((await one.finish()).md5.toString('hex')).toBe(md5(body));
        const stats = await digests.laneStats();
        expect(sum(stats, 1)).toBe(lanes ? Math.floor(body.length / 64) : 0);
        expect(sum(stats, 2) + sum(stats, 3) + sum(stats, 4)).toBe(0);
      } finally {
        await digests.close();
      }
    }
  });

  it('a partner that sends nothing does not hold an upload that waits for each buffer', async () => {
    const digests = new DigestWorker(1);
    try {
      const idle = digests.start({});
      const busy = digests.start({});
      const body = randomBytes(4 * MiB + 100);
      // One buffer in flight: its backlog never reaches the batch threshold, so only the wait for
      // partners (a timer in the worker) lets each buffer go.
      await upload(busy, body, MiB, 1);
      expect((await busy.finish()).md5.toString('hex')).toBe(md5(body));
      expect((await idle.finish()).md5.toString('hex')).toBe(md5(Buffer.alloc(0)));
    } finally {
      await digests.close();
    }
  });

  it('more uploads than lanes: ten at once over two threads', async () => {
    const digests = new DigestWorker(2);
    try {
      const bodies = Array.from({ length: 10 }, (_, i) => randomBytes(MiB * (1 + (i % 3)) + 37 * i));
      const sessions = bodies.map(() => digests.start({}));
      await Promise.all(sessions.map((s, i) => upload(s, bodies[i] as Buffer, 256 * 1024, 2)));
      const results = await Promise.all(sessions.map((s) => s.finish()));
      results.forEach((r, i) => expect(r.md5.toString('hex'), `upload ${i}`).toBe(md5(bodies[i] as Buffer)));
      expect((await digests.laneStats()).length).toBe(2);
    } finally {
      await digests.close();
    }
  });

  it('an aborted session hands its buffers back and leaves its partners right', async () => {
    const digests = new DigestWorker(1);
    try {
      const a = digests.start({});
      const b = digests.start({});
      const body = randomBytes(2 * MiB);
      const shared = Buffer.from(new SharedArrayBuffer(MiB));
      const pending = a.update(shared, 0, MiB);
      a.abort();
      await pending;
      await upload(b, body, MiB, 2);
      expect((await b.finish()).md5.toString('hex')).toBe(md5(body));
    } finally {
      await digests.close();
    }
  });
});
