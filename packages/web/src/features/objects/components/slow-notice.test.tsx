import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { english } from '../../../test/english.js';
import { loadingMessage, useElapsedSeconds } from './slow-notice.js';

const t = english.getFixedT('en', 'objects');

describe('loadingMessage (spec 2 §4)', () => {
  it("says 'Loading...', then the slow notice at 3 s, then with elapsed seconds from 6 s", () => {
    expect(loadingMessage(0, t)).toBe('Loading...');
    expect(loadingMessage(2, t)).toBe('Loading...');
    expect(loadingMessage(3, t)).toBe('This operation is taking longer than expected...');
    expect(loadingMessage(5, t)).toBe('This operation is taking longer than expected...');
    expect(loadingMessage(6, t)).toBe('This operation is taking longer than expected... (6s)');
    expect(loadingMessage(42, t)).toBe('This operation is taking longer than expected... (42s)');
  });
});

describe('useElapsedSeconds', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts whole seconds while active, checked every second, and resets when inactive', () => {
    const { result, rerender } = renderHook(({ active }) => useElapsedSeconds(active), {
      initialProps: { active: true },
    });
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current).toBe(3);
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current).toBe(6);
    rerender({ active: false });
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe(0);
  });
});
