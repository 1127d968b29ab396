import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadingMessage, useElapsedSeconds } from './slow-notice.js';

describe('loadingMessage (spec 2 §4)', () => {
  it("says 'Loading...', then the slow notice at 3 s, then with elapsed seconds from 6 s", () => {
    expect(loadingMessage(0)).toBe('Loading...');
    expect(loadingMessage(2)).toBe('Loading...');
    expect(loadingMessage(3)).toBe('This operation is taking longer than expected...');
    expect(loadingMessage(5)).toBe('This operation is taking longer than expected...');
    expect(loadingMessage(6)).toBe('This operation is taking longer than expected... (6s)');
    expect(loadingMessage(42)).toBe('This operation is taking longer than expected... (42s)');
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
