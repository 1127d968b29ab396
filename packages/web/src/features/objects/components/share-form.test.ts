import { MAX_SHARE_MS as CONTRACT_MAX } from '@coffer/contract';
import { describe, expect, it } from 'vitest';
import { MAX_SHARE_MS } from './share-limits.js';
import { defaultShareDate, endOfDay, latestShareDate, shareValidity } from './share-form.js';

describe('share date rules (spec 2 §5, §9)', () => {
  const now = new Date(2026, 10, 25, 10, 30, 0);

  it('take the date at 23:59:59 of that day', () => {
    expect(endOfDay('2026-11-25')?.getTime()).toBe(new Date(2026, 10, 25, 23, 59, 59).getTime());
    expect(endOfDay('2026-02-30')).toBeUndefined();
    expect(endOfDay('tomorrow')).toBeUndefined();
  });

  it('accept today and up to 7 days, refuse the past and beyond', () => {
    expect(shareValidity('2026-11-25', now)).toEqual({
      ok: true,
      ms: new Date(2026, 10, 25, 23, 59, 59).getTime() - now.getTime(),
    });
    expect(shareValidity('2026-11-24', now)).toEqual({ ok: false, problem: 'pastDate' });
    expect(shareValidity('2026-12-01', now).ok).toBe(true);
    // 2 December 23:59:59 is more than 604800000 ms after 25 November 10:30.
    expect(shareValidity('2026-12-02', now)).toEqual({ ok: false, problem: 'tooLong' });
    expect(shareValidity('', now)).toEqual({ ok: false, problem: 'invalid' });
  });

  it('start six days on and offer no later day than the limit allows', () => {
    expect(defaultShareDate(now)).toBe('2026-12-01');
    expect(shareValidity(defaultShareDate(now), now).ok).toBe(true);
    expect(latestShareDate(now)).toBe('2026-12-01');
    // Just before midnight the next 7 days end on the seventh day's evening.
    const late = new Date(2026, 10, 25, 23, 59, 59, 500);
    expect(latestShareDate(late)).toBe('2026-12-02');
    expect(shareValidity(latestShareDate(late), late).ok).toBe(true);
  });

  it('use the contract limit', () => {
    expect(MAX_SHARE_MS).toBe(CONTRACT_MAX);
  });
});
