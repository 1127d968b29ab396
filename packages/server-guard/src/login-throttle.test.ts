import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle.js';

function throttle(options: ConstructorParameters<typeof LoginThrottle>[0] = {}) {
  const clock = { now: 1_000_000 };
  const t = new LoginThrottle({
    freeFailures: 2,
    baseDelayMs: 1000,
    maxDelayMs: 8000,
    ...options,
    now: () => clock.now,
  });
  return { t, clock };
}

describe('LoginThrottle', () => {
  it('lets the free failures through, then doubles the wait up to the cap', () => {
    const { t, clock } = throttle();
    const keys = ['addr:a', 'account:x'];
    t.failure(keys);
    t.failure(keys);
    expect(t.waitMs(keys)).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      t.failure(keys);
      waits.push(t.waitMs(keys));
      clock.now += t.waitMs(keys);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
  });

  it('is closed for either key: address or account', () => {
    const { t } = throttle();
    for (let i = 0; i < 3; i++) t.failure(['addr:a', `account:${i}`]);
    expect(t.waitMs(['addr:a', 'account:new'])).toBe(1000);
    expect(t.waitMs(['addr:b', 'account:0'])).toBe(0);
  });

  it('clears the counts on success and forgets them after a quiet time', () => {
    const { t, clock } = throttle({ forgetAfterMs: 60_000 });
    for (let i = 0; i < 3; i++) t.failure(['account:x']);
    t.success(['account:x']);
    expect(t.waitMs(['account:x'])).toBe(0);
    t.failure(['account:x']);
    t.failure(['account:x']);
    clock.now += 60_000;
    // Forgotten: the next failure is a first one again, inside the free allowance.
    t.failure(['account:x']);
    expect(t.waitMs(['account:x'])).toBe(0);
  });

  it('keeps at most maxEntries keys', () => {
    const { t } = throttle({ maxEntries: 10 });
    for (let i = 0; i < 100; i++) t.failure([`addr:${i}`]);
    for (let i = 0; i < 3; i++) t.failure(['addr:last']);
    expect(t.waitMs(['addr:last'])).toBe(1000);
    expect(t.waitMs(['addr:0'])).toBe(0);
  });
});
