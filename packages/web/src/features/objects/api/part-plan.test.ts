import { describe, expect, it } from 'vitest';
import {
  MULTIPART_THRESHOLD,
  goesInParts,
  isRetryable,
  planParts,
  resumePlan,
  retryDelay,
} from './part-plan.js';

describe('planParts', () => {
  it('cuts a file into equal parts and a shorter last one, covering every byte once', () => {
    const plan = planParts(25, 10);
    expect(plan).toEqual([
      { number: 1, start: 0, end: 10 },
      { number: 2, start: 10, end: 20 },
      { number: 3, start: 20, end: 25 },
    ]);
    const big = planParts(48 * 1024 * 1024 + 7, 5 * 1024 * 1024);
    expect(big).toHaveLength(10);
    expect(big.reduce((sum, p) => sum + (p.end - p.start), 0)).toBe(48 * 1024 * 1024 + 7);
    big.forEach((p, i) => expect(p.start).toBe(i === 0 ? 0 : big[i - 1]?.end));
  });

  it('makes an exact multiple whole parts and an empty file one empty part', () => {
    expect(planParts(20, 10).map((p) => p.end - p.start)).toEqual([10, 10]);
    expect(planParts(0, 10)).toEqual([{ number: 1, start: 0, end: 0 }]);
  });

  it('refuses a part size that is not a positive integer', () => {
    expect(() => planParts(10, 0)).toThrow(/invalid part size/);
    expect(() => planParts(10, 2.5)).toThrow(/invalid part size/);
  });
});

describe('resumePlan', () => {
  const plan = planParts(25, 10);

  it('keeps stored parts of the planned size and sends the rest', () => {
    const r = resumePlan(plan, [
      { part_number: 1, etag: 'a', size: 10 },
      { part_number: 3, etag: 'c', size: 5 },
    ]);
    expect(r.toSend.map((p) => p.number)).toEqual([2]);
    expect([...r.kept]).toEqual([
      [1, 'a'],
      [3, 'c'],
    ]);
    expect(r.keptBytes).toBe(15);
  });

  it('re-sends a stored part of the wrong size and ignores parts outside the plan', () => {
    const r = resumePlan(plan, [
      { part_number: 2, etag: 'b', size: 4 },
      { part_number: 9, etag: 'z', size: 10 },
    ]);
    expect(r.toSend.map((p) => p.number)).toEqual([1, 2, 3]);
    expect(r.kept.size).toBe(0);
    expect(r.keptBytes).toBe(0);
  });
});

describe('retry rules', () => {
  it('retries no answer, timeouts, throttling and server errors, not refusals', () => {
    for (const s of [0, 408, 429, 500, 502, 503]) expect(isRetryable(s)).toBe(true);
    for (const s of [400, 401, 403, 404, 413, 501]) expect(isRetryable(s)).toBe(false);
  });

  it('doubles the wait from 0.5 s up to 30 s, with at most 25 % jitter', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 7, 12].map((a) => retryDelay(a, mid))).toEqual([500, 1000, 2000, 4000, 30000, 30000]);
    expect(retryDelay(1, () => 0)).toBe(375);
    expect(retryDelay(1, () => 1)).toBe(625);
  });

  it('sends files above the threshold in parts', () => {
    expect(goesInParts(MULTIPART_THRESHOLD)).toBe(false);
    expect(goesInParts(MULTIPART_THRESHOLD + 1)).toBe(true);
  });
});
