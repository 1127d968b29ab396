import { describe, expect, it } from 'vitest';
import { createRequestGate, defaultRequestSlots } from './request-gate.js';

describe('defaultRequestSlots', () => {
  it('divides what connections and reserves leave by the descriptors a request opens', () => {
    // 1024 − 128 (runtime) − 64 (4 drives × 16) − 416 connections = 416; 6 per request → 69.
    expect(defaultRequestSlots(416, 64, 6, 1024)).toBe(69);
    expect(defaultRequestSlots(32, 64, 6, 256)).toBe(5);
    // Connections lifted above the limit by hand: still a few slots.
    expect(defaultRequestSlots(100_000, 64, 6, 256)).toBe(4);
    // Never more requests than connections.
    expect(defaultRequestSlots(10, 0, 1, 1_000_000)).toBe(10);
  });
});

describe('createRequestGate', () => {
  it('admits up to its slots at once, then queues in arrival order', async () => {
    const gate = createRequestGate(3, 1000);
    const a = gate.tryAdmit(2);
    const b = gate.tryAdmit(1);
    expect(a && b).toBeTypeOf('function');
    expect(gate.tryAdmit()).toBeUndefined();
    const order: string[] = [];
    const heavy = gate.wait(2).then((release) => (order.push('heavy'), release));
    const light = gate.wait(1).then((release) => (order.push('light'), release));
    // Someone waits: a newcomer does not jump the queue even when a slot is free.
    b!();
    expect(gate.tryAdmit()).toBeUndefined();
    expect(gate.stats()).toEqual({ running: 1, used: 2, waiting: 2 });
    a!();
    a!(); // idempotent
    const [releaseHeavy, releaseLight] = await Promise.all([heavy, light]);
    expect(order).toEqual(['heavy', 'light']);
    expect(gate.stats()).toEqual({ running: 2, used: 3, waiting: 0 });
    releaseHeavy!();
    releaseLight!();
    expect(gate.stats()).toEqual({ running: 0, used: 0, waiting: 0 });
  });

  it('turns a waiter away at the deadline or when its client leaves', async () => {
    const gate = createRequestGate(1, 50);
    const held = gate.tryAdmit()!;
    const started = Date.now();
    expect(await gate.wait()).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    const gone = new AbortController();
    const waiting = gate.wait(1, gone.signal);
    gone.abort();
    expect(await waiting).toBeUndefined();
    expect(gate.stats().waiting).toBe(0);
    held();
    // A request heavier than the whole budget runs alone.
    const big = gate.tryAdmit(5);
    expect(big).toBeTypeOf('function');
    expect(gate.tryAdmit()).toBeUndefined();
  });

  it('refuses a gate without slots', () => {
    expect(() => createRequestGate(0)).toThrow(RangeError);
  });
});
