import { describe, expect, it } from 'vitest';
import { pickerValue, rewindInstant } from './rewind-form.js';

describe('rewind date', () => {
  it('turns the local picker value into the ISO instant and back', () => {
    const iso = rewindInstant('2026-11-20T14:05');
    expect(iso).toBe(new Date(2026, 10, 20, 14, 5, 0).toISOString());
    expect(pickerValue(iso ?? '')).toBe('2026-11-20T14:05:00');
    expect(rewindInstant(pickerValue(iso ?? ''))).toBe(iso);
  });

  it('refuses what is not a date', () => {
    expect(rewindInstant('')).toBeUndefined();
    expect(rewindInstant('2026-02-30T10:00')).toBeUndefined();
    expect(rewindInstant('yesterday')).toBeUndefined();
    expect(pickerValue('')).toBe('');
  });
});
