import { describe, expect, it } from 'vitest';
import { BoundedQueue } from './bounded-queue.js';

describe('bounded queue', () => {
  it('keeps the newest items in order and hands back the evicted oldest', () => {
    const q = new BoundedQueue<number>(3);
    expect([1, 2, 3].map((n) => q.push(n))).toEqual([undefined, undefined, undefined]);
    expect(q.push(4)).toBe(1);
    expect(q.push(5)).toBe(2);
    expect(q.length).toBe(3);
    expect([q.shift(), q.shift()]).toEqual([3, 4]);
    q.push(6);
    expect([q.shift(), q.shift(), q.shift()]).toEqual([5, 6, undefined]);
    q.push(7);
    q.clear();
    expect(q.length).toBe(0);
    expect(q.shift()).toBeUndefined();
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new BoundedQueue(0)).toThrow(RangeError);
    expect(() => new BoundedQueue(1.5)).toThrow(/positive integer/);
  });
});
