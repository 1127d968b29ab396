import { describe, expect, it } from 'vitest';
import { formatBytes } from '../lib/units.js';
import { formatLocale } from './use-format.js';

describe('formatLocale', () => {
  it("uses the browser's regional variant of the current language", () => {
    expect(formatLocale('en', ['en-GB', 'de-DE'])).toBe('en-GB');
    expect(formatLocale('de', ['en-GB', 'de-AT'])).toBe('de-AT');
  });

  it('falls back to the language itself', () => {
    expect(formatLocale('de', ['en-US'])).toBe('de');
    expect(formatLocale('en', [])).toBe('en');
  });
});

describe('formatBytes in a language', () => {
  it("keeps English as it was and uses German's decimal comma", () => {
    expect(formatBytes(1536, 'en-US')).toBe('1.5 KiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(1536, 'de')).toBe('1,5 KiB');
    expect(formatBytes(50 * 1024 * 1024, 'de')).toBe('50 MiB');
    expect(formatBytes(512, 'de')).toBe('512 B');
  });
});
