import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5ModuleBytes } from './md5-kernel.js';
import { createMd5Lanes, type Md5Lanes } from './md5-lanes.js';

// The project compiles without the DOM lib, which holds the WebAssembly types.
const WasmModule = (globalThis as unknown as { WebAssembly: { Module: new (b: Uint8Array) => object } })
  .WebAssembly.Module;
const module = new WasmModule(md5ModuleBytes(false));

const md5 = (data: Uint8Array): string => createHash('md5').update(data).digest('hex');
const hex = (digest: Uint8Array): string => Buffer.from(digest).toString('hex');

/** A deterministic generator, so that a failing case can be replayed from its seed. */
function random(seed: number): (n: number) => number {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

/** Runs everything that is due, as the worker's scheduler would, ignoring waits. */
function drain(lanes: Md5Lanes): void {
  while (lanes.due() >= 0) lanes.run();
}

describe('MD5 lanes', () => {
  it('hashes single streams of every edge length like node:crypto', () => {
    const lanes = createMd5Lanes(module);
    const lengths = [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000, 65536 + 17, 1 << 20];
    for (const len of lengths) {
      const data = randomBytes(len);
      lanes.start(1);
      let done = false;
      lanes.update(1, data, () => (done = true));
      drain(lanes);
      expect(hex(lanes.finish(1)), `length ${len}`).toBe(md5(data));
      expect(done).toBe(true);
    }
  });

  it('hashes four streams side by side, lane for lane', () => {
    const lanes = createMd5Lanes(module, { waitMs: 1e9 });
    const bodies = [0, 1, 2, 3].map(() => randomBytes(3 * 65536 + 64 * 5));
    bodies.forEach((_, id) => lanes.start(id));
    bodies.forEach((b, id) => lanes.update(id, b, () => undefined));
    expect(lanes.due()).toBe(0);
    drain(lanes);
    expect(lanes.blocksByLanes[4]).toBe((4 * bodies[0]!.length) / 64);
    bodies.forEach((b, id) => expect(hex(lanes.finish(id))).toBe(md5(b)));
  });

  it('waits for partners, up to the wait, unless a stream has a backlog', () => {
    let clock = 0;
    const lanes = createMd5Lanes(module, { waitMs: 2, backlog: 1 << 20, now: () => clock });
    lanes.start(1);
    lanes.start(2);
    expect(lanes.due()).toBe(-1);
    lanes.update(1, randomBytes(10), () => undefined);
    expect(lanes.due()).toBe(-1); // less than a block: nothing to hash yet
    lanes.update(1, randomBytes(4096), () => undefined);
    expect(lanes.due()).toBe(2);
    clock = 1.5;
    expect(lanes.due()).toBe(0.5);
    lanes.update(2, randomBytes(4096), () => undefined);
    expect(lanes.due()).toBe(0); // both active streams have blocks
    drain(lanes);
    lanes.update(1, randomBytes(4096), () => undefined);
    expect(lanes.due()).toBeGreaterThan(0);
    clock = 10;
    expect(lanes.due()).toBe(0); // waited long enough
    drain(lanes);
    lanes.update(2, randomBytes(1 << 20), () => undefined);
    expect(lanes.due()).toBe(0); // a backlog
  });

  it('hands a buffer back once its bytes are copied, and every buffer of an aborted stream', () => {
    const lanes = createMd5Lanes(module, { chunk: 4096 });
    lanes.start(1);
    const done: boolean[] = [false, false, false];
    lanes.update(1, randomBytes(4096 + 100), () => (done[0] = true));
    lanes.update(1, randomBytes(30), () => (done[1] = true));
    lanes.run(); // one chunk: 4096 bytes
    expect(done).toEqual([false, false, false]);
    lanes.run(); // the next block takes the rest of the first buffer and the whole second one
    expect(done).toEqual([true, true, false]);
    lanes.update(1, randomBytes(5000), () => (done[2] = true));
    lanes.abort(1);
    expect(done).toEqual([true, true, true]);
    // An update to a stream that is gone is handed back at once.
    let late = false;
    lanes.update(1, randomBytes(100), () => (late = true));
    expect(late).toBe(true);
  });

  it('keeps many interleaved streams apart: random chunk sizes, streams joining and leaving', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const rand = random(seed);
      const lanes = createMd5Lanes(module, { chunk: 64 * (1 + rand(64)), waitMs: rand(2) === 0 ? 0 : 1e9 });
      const live = new Map<number, { parts: Buffer[]; outstanding: number }>();
      let next = 1;
      let finished = 0;
      while (finished < 40) {
        const action = rand(10);
        if (live.size === 0 || (action === 0 && live.size < 9)) {
          lanes.start(next);
          live.set(next++, { parts: [], outstanding: 0 });
        } else if (action === 1) {
          const [id, s] = [...live][rand(live.size)]!;
          expect(hex(lanes.finish(id)), `seed ${seed} stream ${id}`).toBe(md5(Buffer.concat(s.parts)));
          expect(s.outstanding).toBe(0);
          live.delete(id);
          finished++;
        } else if (action === 2 && rand(4) === 0) {
          const [id, s] = [...live][rand(live.size)]!;
          lanes.abort(id);
          expect(s.outstanding).toBe(0);
          live.delete(id);
        } else if (action === 3) {
          lanes.run();
        } else {
          const [id, s] = [...live][rand(live.size)]!;
          const sizes = [0, 1, 63, 64, 65, 200, 4096, 65536, 70000, 1 << 20];
          const part = randomBytes(sizes[rand(sizes.length)]!);
          s.parts.push(part);
          s.outstanding++;
          lanes.update(id, part, () => s.outstanding--);
        }
      }
      expect(lanes.blocksByLanes.slice(2).some((n) => n > 0)).toBe(true);
    }
  });

  it('finishes a stream without draining the others', () => {
    const lanes = createMd5Lanes(module, { waitMs: 1e9 });
    const a = randomBytes(300_000);
    const b = randomBytes(5_000_000);
    lanes.start(1);
    lanes.start(2);
    let bDone = false;
    lanes.update(1, a, () => undefined);
    lanes.update(2, b, () => (bDone = true));
    expect(hex(lanes.finish(1))).toBe(md5(a));
    expect(bDone).toBe(false); // stream 2 rode along only as far as stream 1 needed
    drain(lanes);
    expect(hex(lanes.finish(2))).toBe(md5(b));
  });
});
